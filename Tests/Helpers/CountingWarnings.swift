#if DEBUG
  import CurrentWorld
  import CurrentWorldSupport
  import CurrentWorldTesting

  extension TestWorlds {
    /// Runs `operation`, which makes work escape a test world or write the
    /// process-wide world on purpose, and returns how many such warnings it
    /// caused: those placed in `file` (the caller's, unless given), on
    /// `lines` if given. They are counted instead of shown, so a test that
    /// provokes them asserts them rather than leaking a warning into the
    /// run; other tests' warnings, placed elsewhere, go on to the reporter.
    /// Where this build cannot find places, every warning meanwhile is
    /// taken and counted, as no place can tell them apart.
    public static func countingWarnings(
      in file: String = #filePath, lines: ClosedRange<Int>? = nil,
      _ operation: () async -> Void
    ) async -> Int {
      let count = Locked(0)
      let listener = addWarningListener(counting(into: count, file: file, lines: lines))
      await operation()
      await escapesSettled(within: 120)
      removeWarningListener(listener)
      return count.withLock { $0 }
    }

    /// Runs the synchronous `operation`, counting its warnings (see
    /// ``countingWarnings(in:lines:_:)``).
    public static func countingWarningsInSync(
      in file: String = #filePath, lines: ClosedRange<Int>? = nil, _ operation: () -> Void
    ) -> Int {
      let count = Locked(0)
      let listener = addWarningListener(counting(into: count, file: file, lines: lines))
      operation()
      _ = escapesSettled(blockingWithin: 120)
      removeWarningListener(listener)
      return count.withLock { $0 }
    }

    private static func counting(
      into count: Locked<Int>, file: String, lines: ClosedRange<Int>?
    ) -> @Sendable (Warning) -> Bool {
      let placesAreFound = canLocatePlaces
      return { warning in
        let ours =
          warning.place.map { $0.filePath == file && lines?.contains($0.line) != false }
          ?? !placesAreFound
        if ours { count.withLock { $0 += 1 } }
        return ours
      }
    }
  }
#endif
