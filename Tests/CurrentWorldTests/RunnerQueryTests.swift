import CurrentWorldSupport
import Foundation
import Testing

@testable import CurrentWorld
@testable import CurrentWorldTesting

/// The query that tells which test runner runs the calling code: CurrentWorld
/// asks it on reads and writes of the process-wide world in a test process,
/// which code that escaped its test's world can do in a loop.
@Suite struct RunnerQueryTests {
  /// Where the probe below records its stack depths: only this test's own
  /// asks, not those of tests running in parallel.
  @TaskLocal static var depths: Locked<[Int]>?

  /// Promise: the ten-thousandth ask runs the query at the same depth as the
  /// first. A bare closure kept in `Locked` gained a conversion thunk on
  /// every ask, so each ask got slower and deeper until the stack
  /// overflowed.
  @Test func askingAgainAndAgainKeepsTheQueryAsShallowAsAtFirst() {
    // Installed first: the first read of `Current` by a test running beside
    // this one installs the real query, which replaced the probe below.
    TestRunnerReporter.install()
    // Answers as the installed query does, so parallel tests see no change.
    TestWorlds.identifyRunner(
      with: {
        Self.depths?.withLock { $0.append(Thread.callStackReturnAddresses.count) }
        return TestRunnerReporter.runner()
      }, test: TestRunnerReporter.testName, places: CallerPlace.finder)
    defer {
      TestWorlds.identifyRunner(
        with: TestRunnerReporter.runner, test: TestRunnerReporter.testName,
        places: CallerPlace.finder)
    }
    let depths = Locked<[Int]>([])
    Self.$depths.withValue(depths) {
      for _ in 0..<10_000 { #expect(TestWorlds.runner() == .swiftTesting) }
    }
    let recorded = depths.withLock { $0 }
    #expect(recorded.count == 10_000)
    #expect(recorded.first == recorded.last)
  }
}

/// An escape's place is found off its thread; a test's end waits for it, for
/// a while.
@Suite struct PendingEscapeTests {
  /// Promise: an escape whose place is still being found when the wait at an
  /// XCTest test's end runs out is reported then, without its place, naming its
  /// thread, so a slow machine loses no warning; the place that arrives
  /// later reports nothing twice.
  @Test func anEscapeStillBeingPlacedIsReportedWhenTheWaitRunsOut() throws {
    let held = Locked<[@Sendable (TestWorlds.CodePlace?) -> Void]>([])
    // A finder that never finds the place, and never settles.
    let finder = TestWorlds.PlaceFinder(
      now: { nil }, later: { deliver in held.withLock { $0.append(deliver) } }, settled: { _ in })
    let reported = Locked<[ReportedIssue]>([])
    let recorder = IssueReporter { issue in reported.withLock { $0.append(issue) } }
    let pending = TestWorlds.PendingEscapes()
    // A thread of its own, as no earlier warning can have named it.
    let thread = "the thread \"escape \(UUID())\""
    TestWorlds.reportEscape(reading: true, places: finder, pending: pending, thread: thread)
    #expect(reported.withLock { $0 }.isEmpty)  // its place is still being found
    #expect(!TestWorlds.escapesSettled(finder, blockingWithin: 0.2))
    IssueReporter.withCurrent(recorder) {
      TestWorlds.reportEscapesStillBeingPlaced(pending)
    }
    let issues = reported.withLock { $0 }
    #expect(issues.count == 1)
    #expect(issues.first?.isWarning == true)
    #expect(issues.first?.fileID == "")
    #expect(issues.first?.message.contains("was active, on \(thread):") == true, "\(issues)")
    let late = held.withLock { $0 }
    #expect(late.count == 1)
    IssueReporter.withCurrent(recorder) {
      for deliver in late {
        deliver(
          TestWorlds.CodePlace(
            fileID: "M/F.swift", filePath: "/F.swift", line: 3, column: 1, function: "f()"))
      }
    }
    #expect(reported.withLock { $0 }.count == 1)
  }
}
