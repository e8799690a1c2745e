import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Time in tests never hangs: a sleep on a clock the test never set fails at
/// once, and every wait of a `TestClock` gives up, by name, in real time.
@Suite(.world, .timeLimit(.minutes(10))) struct ClockBoundsTests {
  /// Promise: a sleep on the test world's default clock fails the test at
  /// once, names `Current.clock` and the line to add, and throws.
  @Test func aSleepOnTheDefaultClockFailsAtOnceAndNamesTheFix() async {
    await withKnownIssue {
      // In a task, so that a sleep that really waits fails the test by name.
      let sleep = Task { try await Current.clock.sleep(for: .seconds(3_600)) }
      #expect(await settled(sleep)?.failure is UnimplementedError)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("Current.clock = TestClock()")
        && text.contains("Current.clock = ImmediateClock()")
        && text.contains("3600.0 seconds")
    }
    // `settled` bounds the wait; no real-time figure here, since a loaded
    // machine took 32 s to schedule the tasks of a sleep that failed at once.
  }

  /// Promise: the default clock reports as an unimplemented closure does,
  /// to the current reporter, so a reporter scoped to the test hears it.
  @Test func theDefaultClockReportsToTheCurrentReporter() async {
    let heard = Locked<[String]>([])
    let log = IssueReporter { issue in heard.withLock { $0.append(issue.message) } }
    await IssueReporter.withCurrent(log) {
      let sleep = Task { try await Current.clock.sleep(for: .seconds(1)) }
      _ = await settled(sleep)
    }
    #expect(heard.withLock { $0.count } == 1)
    #expect(heard.withLock { $0.first?.contains("Current.clock = TestClock()") } == true)
  }

  /// Promise: a cancelled task's sleep on the default clock throws
  /// `CancellationError`, with no report.
  @Test func aCancelledSleepOnTheDefaultClockIsNotReported() async {
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await Current.clock.sleep(for: .seconds(1))
    }
    #expect(await settled(sleeper)?.failure is CancellationError)
  }

  /// Promise: the HTTP client's own timeout never turns into a failure on
  /// the default clock: a call that answers is not the test's mistake.
  @Test func anHTTPTimeoutOnTheDefaultClockIsNoFailure() async throws {
    var client = HTTPClient(baseURL: URL(string: "https://api.example")!, timeout: 5) {
      request in
      // Long enough for the timer to be asleep on the clock.
      try await Task.sleep(for: .milliseconds(50))
      return (
        Data("{}".utf8),
        HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
      )
    }
    client.clock = { Current.clock }
    let data = try await client.data(for: Endpoint(.get, "/ok"))
    #expect(data == Data("{}".utf8))
  }

  /// Promise: `run(timeout:)` gives up on code that sleeps forever, reports
  /// how many tasks were left asleep, and returns.
  @Test func runGivesUpOnAnEndlessSleeperAndSaysHowManyWereLeft() async {
    let clock = TestClock()
    let endless = Task {
      while true { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers()
    // Counted in wakes, not real time: the report comes after exactly
    // maxWakes wakes on any machine, and names the deadline still asleep.
    await withKnownIssue {
      await clock.run(maxWakes: 50)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("TestClock.run() gave up after 50 wakes (maxWakes)")
        && text.contains("1 task(s) still asleep (until 51.0 seconds)")
    }
    #expect(clock.now.offset == .seconds(50))
    endless.cancel()
    _ = await settled(endless)
  }

  /// Promise: `maxWakes` is the number of wakes allowed. Work that needs
  /// exactly that many finishes quietly, with one wake to spare too, and
  /// with one too few the clock gives up, in `run` and `advance` alike.
  @Test(arguments: [
    (-1, "run"), (0, "run"), (1, "run"), (-1, "advance"), (0, "advance"), (1, "advance"),
  ])
  func maxWakesWakesExactlyThatMany(spare: Int, method: String) async {
    let clock = TestClock()
    let sleeps = 20
    let sleeper = Task {
      for _ in 0..<sleeps { try await clock.sleep(for: .seconds(1)) }
    }
    await clock.waitForSleepers()
    let maxWakes = sleeps + spare
    let wake = {
      if method == "run" {
        await clock.run(maxWakes: maxWakes)
      } else {
        await clock.advance(by: .seconds(sleeps), maxWakes: maxWakes)
      }
    }
    if spare < 0 {
      await withKnownIssue {
        await wake()
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("gave up after \(maxWakes) wakes")
      }
      #expect(clock.now.offset == .seconds(maxWakes))
      sleeper.cancel()
      _ = await settled(sleeper)
    } else {
      await wake()
      #expect(clock.now.offset == .seconds(sleeps))
      #expect(await settled(sleeper)?.isSuccess == true)
    }
  }

  /// Promise: `advance(by:timeout:)` is bounded in real time too.
  @Test func advanceGivesUpOnSleepsThatNeverSettle() async {
    let clock = TestClock()
    let endless = Task {
      while true { try await clock.sleep(for: .milliseconds(1)) }
    }
    await clock.waitForSleepers()
    await withKnownIssue {
      await clock.advance(by: .seconds(1_000_000_000))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("TestClock.advance(to:")
        && text.contains("after \(TestClock.defaultMaxWakes) wakes (maxWakes)")
    }
    #expect(clock.now.offset == .milliseconds(TestClock.defaultMaxWakes))
    endless.cancel()
    _ = await settled(endless)
  }

  /// Promise: `waitForSleepers` gives up at its timeout, with a report that
  /// says nobody slept and how to fix it.
  @Test func waitForSleepersGivesUpAtItsTimeout() async {
    let clock = TestClock()
    await withKnownIssue {
      await clock.waitForSleepers(1, timeout: .milliseconds(100))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("waitForSleepers(1) gave up") && text.contains("0 task(s) asleep")
    }
    #expect(clock.retainedEntries == 0)
  }

  /// Promise: `waitForSleepers` returns, quietly, when its task is
  /// cancelled, even with the longest timeout.
  @Test func waitForSleepersReturnsOnCancellation() async {
    let clock = TestClock()
    let waiter = Task { await clock.waitForSleepers(1, timeout: .seconds(3_600)) }
    // Cancelled while waiting, and cancelled before it starts.
    let started = ContinuousClock.now
    while clock.retainedEntries == 0, ContinuousClock.now - started < settleLimit {
      await Task.yield()
    }
    #expect(clock.retainedEntries == 1, "the waiter is waiting")
    waiter.cancel()
    #expect(await value(of: waiter) != nil)
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      await clock.waitForSleepers(1, timeout: .seconds(3_600))
    }
    #expect(await value(of: early) != nil)
    #expect(clock.retainedEntries == 0)
  }

  /// Promise: `checkSuspension()` throws while a task is asleep, naming its
  /// deadline, and passes once nothing is.
  @Test func checkSuspensionNamesWhatIsStillAsleep() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(7)) }
    await clock.waitForSleepers()
    await #expect {
      try await clock.checkSuspension()
    } throws: { error in
      (error as? TestClock.SuspensionError)?.deadlines == [TestInstant(offset: .seconds(7))]
    }
    sleeper.cancel()
    _ = await settled(sleeper)
    try await clock.checkSuspension()
  }

  /// Promise: `TestClock(now:)` starts where it is told.
  @Test func aClockStartsAtTheInstantGiven() async throws {
    let clock = TestClock(now: TestInstant(offset: .seconds(90)))
    #expect(clock.now.offset == .seconds(90))
    try await clock.sleep(until: TestInstant(offset: .seconds(60)))
    await clock.advance(by: .seconds(10))
    #expect(clock.now.offset == .seconds(100))
  }

  /// Promise: a cancel that arrives after a wake leaves no state behind.
  @Test func cancelsAfterAWakeLeaveNothingBehind() async {
    let clock = TestClock()
    let sleepers = (0..<20).map { _ in Task { try await clock.sleep(for: .seconds(1)) } }
    await clock.waitForSleepers(20)
    await clock.advance(by: .seconds(1))
    for sleeper in sleepers { sleeper.cancel() }
    for sleeper in sleepers { _ = await settled(sleeper) }
    #expect(clock.retainedEntries == 0)
    #expect(clock.sleeperCount == 0)
  }
}

/// The documented recipe (wait for the sleepers, then advance) gives every
/// tick, every time, however many tests run beside it.
@Suite(.timeLimit(.minutes(10))) struct TestClockDeterminismTests {
  /// Promise: the recipe gives the right ticks in 1,000 of 1,000 parallel
  /// cases (100 under a sanitizer, which is ten times slower).
  @Test func theRecipeGivesEveryTickInEveryParallelCase() async {
    let cases = ProcessInfo.processInfo.environment["CURRENTWORLD_SANITIZER"] == nil ? 1_000 : 100
    let right = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<cases {
        group.addTask {
          let clock = TestClock()
          let ticks = Locked(0)
          let loop = Task {
            for _ in 0..<10 {
              try await clock.sleep(for: .seconds(1))
              ticks.withLock { $0 += 1 }
            }
          }
          for _ in 0..<10 {
            await clock.waitForSleepers()
            await clock.advance(by: .seconds(1))
          }
          _ = await settled(loop)
          return ticks.withLock { $0 } == 10 && clock.now.offset == .seconds(10)
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
    }
    #expect(right == cases)
  }
}
