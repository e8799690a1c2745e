import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// Promises that plausible one-line bugs slipped past, each pinned by a test
/// that fails when its line breaks.
@Suite(.world, .timeLimit(.minutes(10))) struct PromisePinTests {
  /// Promise: a world copy written twice, then stored after another write
  /// landed in the scope, keeps both of its writes and the other one.
  @Test func aCopyWrittenTwiceKeepsBothWrites() {
    var copy = Current
    copy.date = { .distantFuture }
    copy.locale = Locale(identifier: "ja_JP")
    Current.timeZone = TimeZone(identifier: "Asia/Tokyo")!  // lands meanwhile
    Current = copy
    #expect(Current.date() == .distantFuture)
    #expect(Current.locale.identifier == "ja_JP")
    #expect(Current.timeZone.identifier == "Asia/Tokyo")
  }

  /// Promise: a `TestClock` never moves back.
  @Test func aTestClockNeverMovesBack() async {
    let clock = TestClock(now: TestInstant(offset: .seconds(10)))
    await clock.advance(to: TestInstant(offset: .seconds(4)))
    #expect(clock.now.offset == .seconds(10))
    await clock.advance(by: .seconds(-3))
    #expect(clock.now.offset == .seconds(10))
  }

  /// Promise: `checkSuspension()` lists the deadlines earliest first,
  /// whatever order the tasks fell asleep in.
  @Test func checkSuspensionListsDeadlinesEarliestFirst() async {
    let clock = TestClock()
    let sleepers = [9, 2, 5].map { seconds in
      Task { try await clock.sleep(for: .seconds(seconds)) }
    }
    await clock.waitForSleepers(3)
    await #expect {
      try await clock.checkSuspension()
    } throws: { error in
      (error as? TestClock.SuspensionError)?.deadlines.map(\.offset) == [
        .seconds(2), .seconds(5), .seconds(9),
      ]
    }
    for sleeper in sleepers { sleeper.cancel() }
    // One bound for all three: a cancelled sleeper that is never woken
    // fails here once, within `settleLimit`, not once per sleeper.
    let woken = Task { for sleeper in sleepers { _ = await sleeper.result } }
    _ = await settled(woken)
  }

  /// Promise: `IssueReporter.withCurrent` in synchronous code scopes the
  /// reporter to the calling task: a thread outside it keeps the process's
  /// reporter, which is never swapped.
  @Test func aSynchronousScopedReporterStaysInItsTask() {
    let scoped = Locked<[String]>([])
    let reporter = IssueReporter { issue in scoped.withLock { $0.append(issue.message) } }
    IssueReporter.withCurrent(reporter) {
      IssueReporter.current.report(
        ReportedIssue(
          message: "inside", fileID: "", filePath: "", line: 0, column: 0, severity: .warning))
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        // A warning without a place outside every test goes to standard
        // error only: nothing fails.
        IssueReporter.current.report(
          ReportedIssue(
            message: "from a thread", fileID: "", filePath: "", line: 0, column: 0,
            severity: .warning))
        done.signal()
      }
      #expect(done.wait(timeout: .now() + 10) == .success)
    }
    #expect(scoped.withLock { $0 } == ["inside"])
  }
}
