import CurrentWorldSupport
import Dispatch
import TestHelpers
import Testing

@testable import CurrentWorldTesting

/// `advance` and `run` time each step on its own: a machine that schedules
/// every woken task slowly never adds the steps up into a failure, a step
/// that never comes still ends the call by name, and cancelling it ends it.
///
/// The sleepers run on a ``SlowExecutor``, which plays the loaded machine:
/// it runs each job late, or holds it until told.
@Suite(.timeLimit(.minutes(10))) struct ClockStepBoundTests {
  /// Promise: six woken tasks, each scheduled 0.6 s late, take 3.6 s in
  /// all, and an advance with a 3 s timeout wakes every one without a
  /// report, since none took 3 s to run again.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func slowStepsDoNotAddUpToAFailure() async throws {
    let clock = TestClock()
    let slow = SlowExecutor(delay: .milliseconds(600))
    let sleeper = Task(executorPreference: slow) {
      var woken = 0
      for _ in 0..<6 {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        woken += 1
      }
      return woken
    }
    await clock.waitForSleepers()
    let started = ContinuousClock.now
    await clock.advance(by: .seconds(6), timeout: .seconds(3))
    #expect(ContinuousClock.now - started > .seconds(3), "the steps took longer than the timeout")
    #expect(try await settled(sleeper)?.get() == 6)
    #expect(clock.now.offset == .seconds(6))
  }

  /// Promise: the clock's give-up timers count turns of their own, not
  /// real time alone. Where every turn runs 50 ms late, a 0.1 s timeout
  /// lasts its ten turns, 0.5 s at least: a machine that runs the code
  /// under test late runs the clock's patience late too.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func aGiveUpTimerStretchesWhenItsTurnsRunLate() async throws {
    let slow = SlowExecutor(delay: .milliseconds(50))
    let started = ContinuousClock.now
    try await withTaskExecutorPreference(slow) {
      try await TestClock.sleepInTurns(for: .milliseconds(100))
    }
    #expect(ContinuousClock.now - started >= .milliseconds(500))
  }

  /// A clock with one task asleep for 1 s on an executor that now holds
  /// every job, so that the task, once woken, does not run until released.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  static func heldSleeper() async -> (TestClock, SlowExecutor, Task<Void, any Error>) {
    let clock = TestClock()
    let held = SlowExecutor()
    let sleeper = Task(executorPreference: held) { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    held.hold()
    return (clock, held, sleeper)
  }

  /// Promise: a woken task that never runs again ends the advance after
  /// `timeout` of real time, with a report that says what to look for.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func aStepThatNeverComesEndsTheAdvance() async throws {
    let (clock, held, sleeper) = await Self.heldSleeper()
    await withKnownIssue {
      await clock.advance(by: .seconds(1), timeout: .milliseconds(300))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        """
        TestClock.advance(to: 1.0 seconds) gave up after 0.3 seconds of real time in which the \
        task it woke last did not run again, at 1.0 seconds on the clock, with nobody asleep: \
        something keeps that task from running
        """)
    }
    held.release()
    #expect(await settled(sleeper)?.isSuccess == true)
    #expect(clock.retainedEntries == 0)
  }

  /// Promise: cancelling the task that advances ends its wait for a woken
  /// task at once, whatever its timeout, quietly (as `waitForSleepers`
  /// does), and leaves no entry behind once the woken task runs.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @Test func cancellingAnAdvanceEndsItsWaitQuietly() async throws {
    let (clock, held, sleeper) = await Self.heldSleeper()
    let advancing = Task { await clock.advance(by: .seconds(1), timeout: .seconds(3_600)) }
    // Woken, and not run since: the advance waits for it.
    let start = ContinuousClock.now
    while clock.sleeperCount > 0 || clock.retainedEntries < 2,
      ContinuousClock.now - start < settleLimit
    {
      try await Task.sleep(for: .milliseconds(1))
    }
    advancing.cancel()
    #expect(await value(of: advancing) != nil)
    held.release()
    #expect(await settled(sleeper)?.isSuccess == true)
    #expect(clock.retainedEntries == 0)
  }

  /// Promise: an advance from a task that is already cancelled wakes
  /// nobody and reports nothing.
  @Test func anAdvanceFromACancelledTaskWakesNobody() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    let advancing = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await clock.advance(by: .seconds(1))
    }
    #expect(await value(of: advancing) != nil)
    #expect(clock.sleeperCount == 1)
    #expect(clock.now.offset == .zero)
    sleeper.cancel()
    #expect(await settled(sleeper)?.failure is CancellationError)
  }
}

/// A task executor for a loaded machine: it runs each job `delay` late, on
/// a queue of its own, and keeps every job it is given between `hold()` and
/// `release()`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
final class SlowExecutor: TaskExecutor {
  private let delay: Duration
  private let queue = DispatchQueue(label: "SlowExecutor")
  /// The jobs kept while holding; `nil` while not.
  private let held = Locked<[UnownedJob]?>(nil)

  init(delay: Duration = .zero) {
    self.delay = delay
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let kept = held.withLock { held -> Bool in
      guard held != nil else { return false }
      held?.append(job)
      return true
    }
    if !kept { schedule(job) }
  }

  /// Keeps every job from now until `release()`.
  func hold() {
    held.withLock { $0 = $0 ?? [] }
  }

  /// Runs the jobs kept, and every later one, as before `hold()`.
  func release() {
    let jobs = held.withLock { held in
      defer { held = nil }
      return held ?? []
    }
    for job in jobs { schedule(job) }
  }

  private func schedule(_ job: UnownedJob) {
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
