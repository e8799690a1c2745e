#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport

  /// A clock that moves only when the test moves it, so code that sleeps or
  /// times out runs in microseconds and in a known order.
  ///
  /// Sleepers wake in deadline order, ``now`` moving to each one's deadline.
  /// The clock cannot wait for code it does not see, so a test calls
  /// ``waitForSleepers(_:timeout:fileID:filePath:line:column:)`` before it
  /// advances:
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
  ///   try await clock.checkSuspension()  // nothing is left asleep
  /// }
  /// ```
  ///
  /// Every wait is bounded in real time: `waitForSleepers`, `advance` and
  /// `run` give up after their `timeout`, report a test failure that says
  /// how many tasks were asleep, and return. A sleeper whose task is
  /// cancelled throws `CancellationError` at once.
  public final class TestClock: Clock, Sendable {
    /// The clock's instants: the time since it was made.
    public typealias Instant = TestInstant

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

    private struct Sleeper {
      let id: UInt64
      let deadline: TestInstant
      let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
      let id: UInt64
      let count: Int
      let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
      var now: TestInstant
      var nextID: UInt64 = 0
      var sleepers: [Sleeper] = []
      var watchers: [Watcher] = []
      /// Sleepers the clock woke whose tasks have not run since.
      var woken: Set<UInt64> = []
      /// The advance waiting for a woken sleeper's task to run, by sleeper.
      var resumptionWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
      /// Woken sleepers whose advance gave up before it began to wait.
      var abandoned: Set<UInt64> = []

      mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
      }

      /// Removes and returns the watchers that enough sleepers satisfy.
      mutating func satisfiedWatchers() -> [Watcher] {
        let count = sleepers.count
        let satisfied = watchers.filter { $0.count <= count }
        watchers.removeAll { $0.count <= count }
        return satisfied
      }

      /// Removes and returns the watcher `id`, if it still waits.
      mutating func removeWatcher(_ id: UInt64) -> Watcher? {
        watchers.firstIndex { $0.id == id }.map { watchers.remove(at: $0) }
      }

      /// The sleeper with the earliest deadline; the first made of equals.
      func indexOfEarliest() -> Int? {
        sleepers.indices.min { sleepers[$0].deadline < sleepers[$1].deadline }
      }

      /// Whether anybody is asleep until `deadline` or earlier.
      func hasSleeper(dueBy deadline: TestInstant) -> Bool {
        sleepers.contains { $0.deadline <= deadline }
      }

      /// The earliest deadline of anybody asleep.
      var earliestDeadline: TestInstant? {
        indexOfEarliest().map { sleepers[$0].deadline }
      }
    }

    private let state: Locked<State>

    /// A clock at `now` (offset zero unless given), with nobody asleep.
    public init(now: TestInstant = TestInstant()) {
      state = Locked(State(now: now))
    }

    /// The clock's time: where the last advance left it.
    public var now: TestInstant { state.withLock { $0.now } }

    /// Zero: the clock moves by exactly what the test asks.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on the clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// How many entries the clock keeps, asleep or waiting: a cancel that
    /// arrives after a wake must leave none behind.
    package var retainedEntries: Int {
      state.withLock {
        $0.sleepers.count + $0.watchers.count + $0.woken.count + $0.resumptionWaiters.count
          + $0.abandoned.count
      }
    }

    /// Suspends until the test advances the clock to `deadline`; returns at
    /// once when it is already there. Cancelling the task throws
    /// `CancellationError`.
    public func sleep(until deadline: TestInstant, tolerance: Duration? = nil) async throws {
      try Task.checkCancellation()
      let id = state.withLock { $0.makeID() }
      // Runs when this task runs again after the sleep: an advance that woke
      // it waits for that, not for the scheduler's luck.
      defer {
        let waiter = state.withLock { state in
          state.woken.remove(id)
          state.abandoned.remove(id)
          return state.resumptionWaiters.removeValue(forKey: id)
        }
        waiter?.resume(returning: true)
      }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let (outcome, watchers) = state.withLock {
            state -> (Result<Void, any Error>?, [Watcher]) in
            // A cancel that came before this registration found nothing to
            // remove; its flag is already set, so it is seen here.
            if Task.isCancelled { return (.failure(CancellationError()), []) }
            if deadline <= state.now { return (.success(()), []) }
            state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
            return (nil, state.satisfiedWatchers())
          }
          if let outcome { continuation.resume(with: outcome) }
          for watcher in watchers { watcher.continuation.resume(returning: true) }
        }
      } onCancel: {
        let sleeper = state.withLock { state -> Sleeper? in
          state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
        }
        sleeper?.continuation.resume(throwing: CancellationError())
      }
    }

    /// Suspends until at least `count` tasks are asleep on this clock.
    ///
    /// A task that was just started, or just woken, sleeps again only when
    /// the scheduler runs it. Wait for it before each advance, and every step
    /// of a test is deterministic. After `timeout` of real time this reports
    /// a test failure that says how many were asleep, and returns; it also
    /// returns, quietly, when the calling task is cancelled. A machine too
    /// busy to run its own timer on time stretches `timeout`: it is counted
    /// in the timer's 10 ms turns too, as each of `advance`'s is.
    public func waitForSleepers(
      _ count: Int = 1,
      timeout: Duration = .seconds(10),
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) async {
      let id = state.withLock { $0.makeID() }
      let timer = Task.detached { [state] in
        try await Self.sleepInTurns(for: timeout)
        state.withLock { $0.removeWatcher(id) }?.continuation.resume(returning: false)
      }
      defer { timer.cancel() }
      // `true` once enough are asleep, or the caller was cancelled: neither
      // is reported. `false` only from the timer.
      let satisfied = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let waits = state.withLock { state -> Bool in
            if state.sleepers.count >= count || Task.isCancelled { return false }
            state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
            return true
          }
          if !waits { continuation.resume(returning: true) }
        }
      } onCancel: {
        state.withLock { $0.removeWatcher(id) }?.continuation.resume(returning: true)
      }
      guard !satisfied else { return }
      TestRunnerReporter.report(
        """
        TestClock.waitForSleepers(\(count)) gave up after \(timeout) of real time with \
        \(sleeperCount) task(s) asleep: the code under test never slept on this clock. Check \
        that it sleeps on Current.clock (not Task.sleep or another clock), that the test set \
        Current.clock to this clock before the code started, and that \(count) is how many \
        sleep at once.
        """, fileID, filePath, line, column)
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose
    /// deadline it passes, earliest first, each woken task running before
    /// the next wakes. Gives up after `maxWakes` wakes, or after `timeout` of
    /// real time in which a woken task did not run again (see
    /// ``advance(to:maxWakes:timeout:fileID:filePath:line:column:)``).
    public func advance(
      by duration: Duration = .zero,
      maxWakes: Int = TestClock.defaultMaxWakes,
      timeout: Duration = .seconds(30),
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) async {
      await advance(
        to: now.advanced(by: duration), maxWakes: maxWakes, timeout: timeout, fileID: fileID,
        filePath: filePath, line: line, column: column)
    }

    /// 1,000: how many sleepers one `advance` or `run` wakes before it takes
    /// the code under test for an endless sleeper. Counted in wakes, not in
    /// real time, so a busy machine never fails correct work, and an endless
    /// poller is reported within a second or so on any machine.
    public static let defaultMaxWakes = 1_000

    /// Moves the clock forward to `deadline` (never back), waking every
    /// sleeper whose deadline it passes, earliest first. A sleeper that a
    /// woken task starts before `deadline` wakes too. Each woken task runs
    /// again before the clock looks for the next sleeper.
    ///
    /// Code that keeps starting sleeps due before `deadline` would keep this
    /// busy forever: after `maxWakes` wakes it reports a test failure that
    /// names the deadlines still asleep, and returns. It does the same after
    /// `timeout` of real time in which a woken task did not run again (a
    /// blocked thread, or a busy actor): each step is timed on its own, so a
    /// slow machine never adds steps up into a failure, and counted in the
    /// timer's own 10 ms turns too, so a machine that runs the timer late
    /// waits longer. When the calling task is cancelled, it returns at
    /// once, quietly.
    public func advance(
      to deadline: TestInstant,
      maxWakes: Int = TestClock.defaultMaxWakes,
      timeout: Duration = .seconds(30),
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) async {
      var bound = Bound(maxWakes: maxWakes, timeout: timeout)
      if await !advance(to: deadline, within: &bound) {
        reportOverrun("advance(to: \(deadline.offset))", bound, fileID, filePath, line, column)
      }
    }

    /// Advances until nobody is asleep: every sleeper wakes, in deadline
    /// order, and so does every sleeper that a woken task starts before the
    /// clock looks again.
    ///
    /// Code that sleeps in an endless loop never lets this finish: after
    /// `maxWakes` wakes, or `timeout` of real time in which a woken task did
    /// not run again, it reports a test failure that names the deadlines
    /// still asleep, and returns. When the calling task is cancelled, it
    /// returns at once, quietly.
    public func run(
      maxWakes: Int = TestClock.defaultMaxWakes,
      timeout: Duration = .seconds(30),
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) async {
      var bound = Bound(maxWakes: maxWakes, timeout: timeout)
      while true {
        await Self.letOthersRun()
        // The advance below settles after its last wake, so nobody asleep
        // here means the woken tasks are done.
        guard let deadline = state.withLock({ $0.earliestDeadline }) else { return }
        guard await advance(to: deadline, within: &bound) else {
          reportOverrun("run()", bound, fileID, filePath, line, column)
          return
        }
      }
    }

    /// How far one `advance` or `run` may go: `maxWakes` wakes, and for
    /// each wake, `timeout` of real time for the woken task to run again.
    ///
    /// The clock's own hops between wakes are not timed: on a loaded
    /// machine they wait for the scheduler, which is no fault of the code
    /// under test.
    private struct Bound {
      let maxWakes: Int
      let timeout: Duration
      var wakes = 0
      /// The first id a sleep started after the latest wake can have.
      var watermark: UInt64 = 0

      var isSpent: Bool { wakes >= maxWakes }
    }

    /// Checks that no task is asleep on the clock, after letting woken and
    /// new tasks reach their next sleep: call it at the end of a test to
    /// prove the code under test left nothing waiting.
    ///
    /// - Throws: ``SuspensionError``, with each sleeper's deadline.
    public func checkSuspension() async throws {
      await Self.letOthersRun()
      let deadlines = state.withLock { $0.sleepers.map(\.deadline) }
      guard deadlines.isEmpty else { throw SuspensionError(deadlines: deadlines.sorted()) }
    }

    /// Wakes sleepers up to `deadline`; `false` if `bound` was spent first.
    private func advance(to deadline: TestInstant, within bound: inout Bound) async -> Bool {
      var wokeLast = false
      while true {
        await Self.letOthersRun()
        if bound.isSpent || Task.isCancelled { return false }
        if wokeLast, !state.withLock({ $0.hasSleeper(dueBy: deadline) }) {
          await settle(after: bound.watermark)
        }
        let next = state.withLock { state -> Sleeper? in
          guard let index = state.indexOfEarliest(), state.sleepers[index].deadline <= deadline
          else {
            if state.now < deadline { state.now = deadline }
            return nil
          }
          let sleeper = state.sleepers.remove(at: index)
          if state.now < sleeper.deadline { state.now = sleeper.deadline }
          state.woken.insert(sleeper.id)
          bound.watermark = state.nextID
          return sleeper
        }
        guard let next else { break }
        next.continuation.resume()
        bound.wakes += 1
        wokeLast = true
        guard await resumption(of: next.id, giveUpAfter: bound.timeout) else { return false }
      }
      await Self.letOthersRun()
      return true
    }

    /// Reports why `call` stopped before it was done; nothing when the
    /// caller was cancelled, which says so itself.
    private func reportOverrun(
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

    /// Waits until the task of the sleeper `id`, which the clock woke, runs
    /// again; `false` if real time passed `giveUp` first.
    ///
    /// Observed, not guessed: a loaded machine can leave a woken task
    /// unscheduled for longer than any fixed number of yields, and an
    /// advance that looked again before it ran took it for finished.
    private func resumption(of id: UInt64, giveUpAfter timeout: Duration) async -> Bool {
      let timer = Task.detached { [self] in
        try await Self.sleepInTurns(for: timeout)
        stopWaitingForResumption(of: id)
      }
      defer { timer.cancel() }
      // A cancelled caller (a test past its time limit) stops waiting.
      return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          let ran = state.withLock { state -> Bool? in
            if state.abandoned.remove(id) != nil || Task.isCancelled { return false }
            guard state.woken.contains(id) else { return true }
            state.resumptionWaiters[id] = continuation
            return nil
          }
          if let ran { continuation.resume(returning: ran) }
        }
      } onCancel: {
        stopWaitingForResumption(of: id)
      }
    }

    /// Ends ``resumption(of:giveUpAfter:)``'s wait for `id` with `false`: its
    /// waiter resumes, or, if it does not wait yet, it will not (the woken
    /// sleeper is marked abandoned). Outside the lock, the waiter resumes.
    private func stopWaitingForResumption(of id: UInt64) {
      let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        if let waiter = state.resumptionWaiters.removeValue(forKey: id) { return waiter }
        if state.woken.contains(id) { state.abandoned.insert(id) }
        return nil
      }
      waiter?.resume(returning: false)
    }

    /// After a wake, when nobody is asleep where the clock looks next: gives
    /// the woken task, which has run again, time to reach its next sleep,
    /// and returns as soon as anybody new sleeps (a sleep started since the
    /// wake has an id from `watermark` on).
    ///
    /// The time is counted in the clock's own turns, not in real time
    /// alone: it looks ``settleTurns`` times, 1 ms apart, and for at least
    /// 20 ms. A busy machine, which preempts the woken task between its
    /// wake and its next sleep, schedules the clock's turns as slowly, so
    /// the task is not taken for finished (a fixed 20 ms was too short for
    /// eight copies of the suite on two cores). A task that ran to its end
    /// costs those turns once per `advance` or `run`; 5 s at most.
    private func settle(after watermark: UInt64) async {
      let started = ContinuousClock.now
      var turns = 0
      while turns < Self.settleTurns || ContinuousClock.now - started < .milliseconds(20) {
        if state.withLock({ state in state.sleepers.contains { $0.id >= watermark } }) {
          return
        }
        if Task.isCancelled || ContinuousClock.now - started >= .seconds(5) { return }
        try? await ContinuousClock().sleep(for: .milliseconds(1))
        turns += 1
      }
    }

    /// How many times ``settle(after:)`` looks for a new sleeper.
    static let settleTurns = 20

    /// Sleeps for `timeout` of real time, and on until it has also slept
    /// one turn of 10 ms for each 10 ms of `timeout`, each turn counted when
    /// this task runs again; throws when cancelled.
    ///
    /// A give-up timer of the clock's: a machine too busy to run the code
    /// under test on time runs these turns late too, so there the wait
    /// grows with the load, and a quiet machine waits about `timeout` (each
    /// turn's wake-up adds a little). (`waitForSleepers`' fixed 10 s ran
    /// out beside three other copies of the suite on one core.)
    static func sleepInTurns(for timeout: Duration) async throws {
      let turn = Duration.milliseconds(10)
      // A `Double`, so that no timeout, however long, overflows a count.
      let turns = timeout / turn
      let clock = ContinuousClock()
      let started = clock.now
      var taken = 0.0
      while taken < turns || clock.now - started < timeout {
        try await clock.sleep(for: turn)
        taken += 1
      }
    }

    /// Lets tasks that a wake-up resumed, or that were just started, reach
    /// their next suspension, such as their next sleep.
    ///
    /// Yielding on the caller's actor is not enough: a sleeper called from
    /// the main actor registers on the global executor. Each round trip
    /// through a detached task queues behind the jobs already there. At the
    /// caller's priority, not a lower one: on a pool that other work keeps
    /// busy, a background task waited for tens of seconds.
    private static func letOthersRun() async {
      for _ in 0..<10 {
        await Task.detached(priority: Task.currentPriority) { await Task.yield() }.value
      }
    }
  }
#endif
