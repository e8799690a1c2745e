#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport

  // How long the clock waits, and for what: a woken task to run again, a
  // finished one to sleep again, the scheduler to run others. Each wait is
  // bounded, and counted in the clock's own turns as well as real time.
  extension TestClock {
    /// How far one `advance` or `run` may go: `maxWakes` wakes, and for
    /// each wake, `timeout` of real time for the woken task to run again.
    ///
    /// The clock's own hops between wakes are not timed: on a loaded
    /// machine they wait for the scheduler, which is no fault of the code
    /// under test.
    struct Bound {
      let maxWakes: Int
      let timeout: Duration
      var wakes = 0
      /// The first id a sleep started after the latest wake can have.
      var watermark: UInt64 = 0

      var isSpent: Bool { wakes >= maxWakes }
    }

    /// Waits until the task of the sleeper `id`, which the clock woke, runs
    /// again; `false` if real time passed `giveUp` first.
    ///
    /// Observed, not guessed: a loaded machine can leave a woken task
    /// unscheduled for longer than any fixed number of yields, and an
    /// advance that looked again before it ran took it for finished.
    func resumption(of id: UInt64, giveUpAfter timeout: Duration) async -> Bool {
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
    func stopWaitingForResumption(of id: UInt64) {
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
    /// alone: it looks ``settleTurns`` times, ``settlePoll`` apart, and for
    /// at least ``settleAtLeast``. A busy machine, which preempts the woken task between its
    /// wake and its next sleep, schedules the clock's turns as slowly, so
    /// the task is not taken for finished (a fixed 20 ms was too short for
    /// eight copies of the suite on two cores). A task that ran to its end
    /// costs those turns once per `advance` or `run`; ``settleAtMost`` at
    /// most.
    func settle(after watermark: UInt64) async {
      let started = ContinuousClock.now
      var turns = 0
      while turns < Self.settleTurns || ContinuousClock.now - started < Self.settleAtLeast {
        if state.withLock({ state in state.sleepers.contains { $0.id >= watermark } }) {
          return
        }
        if Task.isCancelled || ContinuousClock.now - started >= Self.settleAtMost { return }
        try? await ContinuousClock().sleep(for: Self.settlePoll)
        turns += 1
      }
    }

    /// How many times ``settle(after:)`` looks for a new sleeper: its wait
    /// in the clock's turns, which a loaded machine stretches.
    static let settleTurns = 20
    /// The least real time ``settle(after:)`` waits: a quiet machine's
    /// turns come faster, and a woken task may still be on its way.
    static let settleAtLeast = Duration.milliseconds(20)
    /// ``settle(after:)``'s wait between two looks: short, so that a new
    /// sleeper ends the wait almost at once.
    static let settlePoll = Duration.milliseconds(1)
    /// The most ``settle(after:)`` waits, however slow the turns: it runs
    /// once per `advance` or `run` when a woken task ends, so the cost of
    /// a finished task stays bounded.
    static let settleAtMost = Duration.seconds(5)
    /// One turn of ``sleepInTurns(for:)``: long enough that its count is
    /// cheap, short enough that a loaded machine's delays show in it.
    static let timerTurn = Duration.milliseconds(10)
    /// ``letOthersRun()``'s round trips through the global executor: each
    /// queues behind the jobs already there, so ten let a task that was
    /// just resumed or started take a few hops of its own before the clock
    /// looks. Waits that must not guess observe instead.
    static let roundTrips = 10

    /// Sleeps for `timeout` of real time, and on until it has also slept
    /// one ``timerTurn`` for each ``timerTurn`` of `timeout`, each turn counted when
    /// this task runs again; throws when cancelled.
    ///
    /// A give-up timer of the clock's: a machine too busy to run the code
    /// under test on time runs these turns late too, so there the wait
    /// grows with the load, and a quiet machine waits about `timeout` (each
    /// turn's wake-up adds a little). (`waitForSleepers`' fixed 10 s ran
    /// out beside three other copies of the suite on one core.)
    static func sleepInTurns(for timeout: Duration) async throws {
      let turn = timerTurn
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
    static func letOthersRun() async {
      for _ in 0..<roundTrips {
        await Task.detached(priority: Task.currentPriority) { await Task.yield() }.value
      }
    }
  }
#endif
