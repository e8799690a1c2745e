#if DEBUG
  import CurrentWorld

  /// A clock that moves only when the test moves it, so code that sleeps or
  /// times out runs in microseconds and in a known order.
  ///
  /// A sleeper waits until the test advances the clock past its deadline;
  /// sleepers wake in deadline order, each seeing ``now`` at its own
  /// deadline. ``World/test`` uses a fresh one, so nothing in a test waits on
  /// the wall clock, and a timeout never fires unless the test says so:
  ///
  /// ```swift
  /// @Test(.world) func theCountdownTicks() async {
  ///   let clock = TestClock()
  ///   Current.clock = clock
  ///   let countdown = Task { await Countdown(from: 3).run() }
  ///   await clock.advance(by: .seconds(3))
  ///   await countdown.value
  /// }
  /// ```
  ///
  /// A sleeper whose task is cancelled throws `CancellationError` at once.
  public final class TestClock: Clock, @unchecked Sendable {
    /// The clock's instants: the time since it was made.
    public typealias Instant = TestInstant

    private struct Sleeper {
      let id: UInt64
      let deadline: TestInstant
      let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
      var now = TestInstant()
      var nextID: UInt64 = 0
      var sleepers: [Sleeper] = []
      var cancelled: Set<UInt64> = []

      /// The sleeper with the earliest deadline; the first made of equals.
      func indexOfEarliest() -> Int? {
        sleepers.indices.min { sleepers[$0].deadline < sleepers[$1].deadline }
      }

      /// The earliest deadline of anybody asleep.
      var earliestDeadline: TestInstant? {
        indexOfEarliest().map { sleepers[$0].deadline }
      }
    }

    private let state = Locked(State())

    /// A clock at ``TestInstant/offset`` zero, with nobody asleep.
    public init() {}

    /// The clock's time: where the last advance left it.
    public var now: TestInstant { state.withLock { $0.now } }

    /// Zero: the clock moves by exactly what the test asks.
    public var minimumResolution: Duration { .zero }

    /// Suspends until the test advances the clock to `deadline`; returns at
    /// once when it is already there. Cancelling the task throws
    /// `CancellationError`.
    public func sleep(until deadline: TestInstant, tolerance: Duration? = nil) async throws {
      try Task.checkCancellation()
      let id = state.withLock { state -> UInt64 in
        defer { state.nextID += 1 }
        return state.nextID
      }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let outcome = state.withLock { state -> Result<Void, any Error>? in
            if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
            if deadline <= state.now { return .success(()) }
            state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
            return nil
          }
          if let outcome { continuation.resume(with: outcome) }
        }
      } onCancel: {
        let sleeper = state.withLock { state -> Sleeper? in
          guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
            state.cancelled.insert(id)
            return nil
          }
          return state.sleepers.remove(at: index)
        }
        if let sleeper {
          state.withLock { _ = $0.cancelled.remove(id) }
          sleeper.continuation.resume(throwing: CancellationError())
        }
      }
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose
    /// deadline it passes, earliest first, and letting each run before the
    /// next wakes.
    public func advance(by duration: Duration = .zero) async {
      await advance(to: now.advanced(by: duration))
    }

    /// Moves the clock forward to `deadline` (never back), waking every
    /// sleeper whose deadline it passes, earliest first. A sleeper that a
    /// woken task starts before `deadline` wakes too.
    public func advance(to deadline: TestInstant) async {
      while true {
        await Self.letOthersRun()
        let next = state.withLock { state -> Sleeper? in
          guard let index = state.indexOfEarliest(), state.sleepers[index].deadline <= deadline
          else {
            if state.now < deadline { state.now = deadline }
            return nil
          }
          let sleeper = state.sleepers.remove(at: index)
          if state.now < sleeper.deadline { state.now = sleeper.deadline }
          return sleeper
        }
        guard let next else { break }
        next.continuation.resume()
      }
      await Self.letOthersRun()
    }

    /// Advances until nobody is asleep: every sleeper wakes, in deadline
    /// order, and so does every sleeper they start.
    public func run() async {
      while true {
        await Self.letOthersRun()
        guard let deadline = state.withLock({ $0.earliestDeadline }) else { break }
        await advance(to: deadline)
      }
    }

    /// Yields enough for tasks that a wake-up resumed to reach their next
    /// suspension, such as their next sleep.
    private static func letOthersRun() async {
      for _ in 0..<20 { await Task.yield() }
    }
  }

#endif
