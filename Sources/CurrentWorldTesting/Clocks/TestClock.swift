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

    /// Who is asleep and who waits, behind the clock's one lock.
    let state: Locked<State>

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
      let now = self.now
      // A sleep that is over already is not watched: it returns at once.
      let wait =
        deadline <= now
        ? nil
        : LongWaits.begin(
          "a sleep on a TestClock until \(deadline.offset) (the clock was at \(now.offset))",
          fix: Self.longWaitFix)
      // Runs when this task runs again after the sleep: an advance that woke
      // it waits for that, not for the scheduler's luck.
      defer {
        LongWaits.end(wait)
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

    /// What ends a sleep that has waited long, in the note that names its
    /// test.
    static let longWaitFix =
      "Only the test moves this clock: call await clock.advance(by:) or clock.run() once "
      + "waitForSleepers() returns, or cancel the sleeping task."

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
    func advance(to deadline: TestInstant, within bound: inout Bound) async -> Bool {
      var wokeLast = false
      while true {
        await Self.letOthersRun()
        if Task.isCancelled { return false }
        if wokeLast, !state.withLock({ $0.hasSleeper(dueBy: deadline) }) {
          await settle(after: bound.watermark)
        }
        // Spent only when one more sleeper is due: work that needs exactly
        // `maxWakes` wakes finishes.
        var spent = false
        let next = state.withLock { state -> Sleeper? in
          guard let index = state.indexOfEarliest(), state.sleepers[index].deadline <= deadline
          else {
            if state.now < deadline { state.now = deadline }
            return nil
          }
          if bound.isSpent {
            spent = true
            return nil
          }
          let sleeper = state.sleepers.remove(at: index)
          if state.now < sleeper.deadline { state.now = sleeper.deadline }
          state.woken.insert(sleeper.id)
          bound.watermark = state.nextID
          return sleeper
        }
        if spent { return false }
        guard let next else { break }
        next.continuation.resume()
        bound.wakes += 1
        wokeLast = true
        guard await resumption(of: next.id, giveUpAfter: bound.timeout) else { return false }
      }
      await Self.letOthersRun()
      return true
    }
  }
#endif
