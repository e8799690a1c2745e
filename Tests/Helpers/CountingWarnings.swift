#if DEBUG
  import CurrentWorld
  import CurrentWorldSupport

  extension TestWorlds {
    /// Runs `operation`, which makes work escape a test world or write the
    /// process-wide world on purpose, and returns how many such warnings were
    /// diagnosed meanwhile. They are counted instead of shown, so a test that
    /// provokes them asserts them rather than leaking a warning into the run;
    /// any test's warnings that land meanwhile are counted too.
    public static func countingWarnings(_ operation: () async -> Void) async -> Int {
      let count = Locked(0)
      let listener = addWarningListener { count.withLock { $0 += 1 } }
      await operation()
      removeWarningListener(listener)
      return count.withLock { $0 }
    }

    /// Runs the synchronous `operation`, counting its warnings (see
    /// ``countingWarnings(_:)``).
    public static func countingWarningsInSync(_ operation: () -> Void) -> Int {
      let count = Locked(0)
      let listener = addWarningListener { count.withLock { $0 += 1 } }
      operation()
      removeWarningListener(listener)
      return count.withLock { $0 }
    }
  }
#endif
