#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport

  /// A clock whose sleeps return at once, moving ``now`` forward by the time
  /// slept: for tests that want code that waits to run straight through.
  ///
  /// ```swift
  /// Current.clock = ImmediateClock()
  /// try await Current.clock.sleep(for: .seconds(60))  // returns at once
  /// ```
  ///
  /// A sleep in a cancelled task throws `CancellationError`, as a real one
  /// does.
  public final class ImmediateClock: Clock, Sendable {
    /// The clock's instants: the time since it was made.
    public typealias Instant = TestInstant

    private let current = Locked(TestInstant())

    /// A clock at ``TestInstant/offset`` zero.
    public init() {}

    /// The clock's time: the start plus every sleep so far.
    public var now: TestInstant { current.withLock { $0 } }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// Returns at once, after moving ``now`` to `deadline` if it is later.
    public func sleep(until deadline: TestInstant, tolerance: Duration? = nil) async throws {
      try Task.checkCancellation()
      current.withLock { now in now = max(now, deadline) }
      await Task.yield()
    }
  }
#endif
