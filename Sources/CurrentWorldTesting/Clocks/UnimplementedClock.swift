#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport

  /// The clock of ``CurrentWorld/World/test``: a sleep on it fails the test
  /// at once and throws `UnimplementedError`, naming `Current.clock` and the
  /// line that sets a clock the test controls.
  ///
  /// Code that waits on a clock the test never set up would otherwise hang
  /// (on a clock nobody advances) or really wait (on the live clock). The
  /// fix goes in the test:
  ///
  /// ```swift
  /// Current.clock = TestClock()       // then advance it
  /// Current.clock = ImmediateClock()  // or let every sleep return at once
  /// ```
  ///
  /// The HTTP client's timeout is the exception: it sleeps on this clock
  /// until the call ends and never fires, because a timeout that the test
  /// did not need is not the test's mistake. ``now`` never moves.
  public final class UnimplementedClock: Clock, Sendable {
    /// The clock's instants: the time since it was made.
    public typealias Instant = TestInstant

    private let field: String
    private let place: (fileID: StaticString, filePath: StaticString, line: UInt, column: UInt)
    /// Where a library timeout sleeps: a clock that nobody advances.
    private let timeouts = TestClock()

    /// A clock that reports a sleep as a call to `field`, at the place
    /// where it is made.
    public init(
      _ field: String = "Current.clock",
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) {
      self.field = field
      place = (fileID, filePath, line, column)
    }

    /// Always offset zero.
    public var now: TestInstant { TestInstant() }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// Reports the sleep as a test failure and throws `UnimplementedError`;
    /// a cancelled task throws `CancellationError` without a report. The
    /// HTTP client's timeout instead sleeps until it is cancelled.
    public func sleep(until deadline: TestInstant, tolerance: Duration? = nil) async throws {
      try Task.checkCancellation()
      if TimeoutTask.isCurrent {
        return try await timeouts.sleep(until: deadline)
      }
      let error = UnimplementedError(field: "\(field).sleep", description: message(deadline))
      // Reported as an unimplemented closure is: to the current reporter.
      IssueReporter.report(
        error.description, declaredAt: place.fileID, place.filePath, place.line, place.column)
      throw error
    }

    private func message(_ deadline: TestInstant) -> String {
      """
      Code slept for \(deadline.offset) on \(field), but the test never gave the world a clock \
      it controls, so the sleep would hang or really wait. Set one in the test, before the code \
      under test sleeps:

          \(field) = TestClock()       // and advance it: await clock.advance(by: …)
          \(field) = ImmediateClock()  // or let every sleep return at once
      """
    }
  }
#endif
