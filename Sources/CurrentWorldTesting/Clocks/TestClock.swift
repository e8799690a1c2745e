#if DEBUG
  import CurrentWorld
  internal import CurrentWorldHTTP

  /// A clock that moves only when the test moves it, so code that sleeps or
  /// times out runs in microseconds and in a known order.
  ///
  /// Sleepers wake in deadline order, ``now`` moving to each one's deadline.
  /// The clock cannot wait for code it does not see, so a test calls
  /// ``waitForSleepers(_:)`` before it advances. ``CurrentWorld/World/test``
  /// uses a fresh one, so a timeout never fires unless the test says so:
  ///
  /// ```swift
  /// @Test(.world) @MainActor func theCountdownLiftsOff() async {
  ///   let clock = TestClock()
  ///   Current.clock = clock
  ///   let countdown = CountdownViewModel()
  ///   let launch = Task { await countdown.start(from: 3) }
  ///   for _ in 1...3 {
  ///     await clock.waitForSleepers()
  ///     await clock.advance(by: .seconds(1))
  ///   }
  ///   await launch.value
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
      var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

      /// Removes and returns the watchers that enough sleepers satisfy.
      mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
        let count = sleepers.count
        let satisfied = watchers.filter { $0.count <= count }.map(\.continuation)
        watchers.removeAll { $0.count <= count }
        return satisfied
      }

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
          let (outcome, watchers) = state.withLock {
            state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
            if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
            if deadline <= state.now { return (.success(()), []) }
            state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
            return (nil, state.satisfiedWatchers())
          }
          if let outcome { continuation.resume(with: outcome) }
          for watcher in watchers { watcher.resume() }
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

    /// Suspends until at least `count` tasks are asleep on this clock.
    ///
    /// A task that was just started, or just woken, sleeps again only when
    /// the scheduler runs it. Wait for it before each advance, and every step
    /// of a test is deterministic.
    public func waitForSleepers(_ count: Int = 1) async {
      await withCheckedContinuation { continuation in
        let satisfied = state.withLock { state -> Bool in
          if state.sleepers.count >= count { return true }
          state.watchers.append((count, continuation))
          return false
        }
        if satisfied { continuation.resume() }
      }
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose
    /// deadline it passes, earliest first, with a chance for each to run
    /// before the next wakes.
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
    /// order, and so does every sleeper that a woken task starts before the
    /// clock looks again.
    public func run() async {
      while true {
        await Self.letOthersRun()
        guard let deadline = state.withLock({ $0.earliestDeadline }) else { break }
        await advance(to: deadline)
      }
    }

    /// Lets tasks that a wake-up resumed, or that were just started, reach
    /// their next suspension, such as their next sleep.
    ///
    /// Yielding on the caller's actor is not enough: a sleeper called from
    /// the main actor registers on the global executor. Each round trip
    /// through a detached task queues behind the jobs already there.
    private static func letOthersRun() async {
      for _ in 0..<10 {
        await Task.detached(priority: .background) { await Task.yield() }.value
      }
    }
  }

#endif
