#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport

  // What the clock says when a test leaves tasks asleep or a wait gives up.
  extension TestClock {
    /// Thrown by ``checkSuspension()`` when tasks are still asleep.
    public struct SuspensionError: Error, CustomStringConvertible {
      /// The deadline of each task still asleep, earliest first.
      public let deadlines: [TestInstant]

      /// Says how many tasks are asleep, until when, and what to do.
      public var description: String {
        let until = deadlines.map { "\($0.offset)" }.joined(separator: ", ")
        return """
          \(deadlines.count) task(s) are still asleep on the TestClock (until \(until)). \
          Advance the clock past them, or cancel the work that sleeps, before the test ends.
          """
      }
    }

    /// Reports why `call` stopped before it was done; nothing when the
    /// caller was cancelled, which says so itself.
    func reportOverrun(
      _ call: String, _ bound: Bound, _ fileID: StaticString, _ filePath: StaticString,
      _ line: UInt, _ column: UInt
    ) {
      if Task.isCancelled { return }
      let deadlines = state.withLock { $0.sleepers.map(\.deadline) }.sorted()
      let shown = deadlines.prefix(5).map { "\($0.offset)" }.joined(separator: ", ")
      let asleep =
        deadlines.isEmpty
        ? "nobody asleep"
        : "\(deadlines.count) task(s) still asleep (until \(shown)\(deadlines.count > 5 ? ", …" : ""))"
      let why =
        bound.wakes >= bound.maxWakes
        ? """
        after \(bound.wakes) wakes (maxWakes), at \(now.offset) on the clock, with \(asleep): \
        the code under test keeps starting new sleeps. Advance by a bounded amount, cancel the \
        looping work, or pass a larger maxWakes if the work really wakes that often.
        """
        : """
        after \(bound.timeout) of real time in which the task it woke last did not run again, \
        at \(now.offset) on the clock, with \(asleep): something keeps that task from running, \
        such as a thread it needs that is blocked, or its actor busy with other work. Find what \
        blocks it, or pass a larger timeout if the machine is really that slow.
        """
      TestRunnerReporter.report("TestClock.\(call) gave up \(why)", fileID, filePath, line, column)
    }
  }
#endif
