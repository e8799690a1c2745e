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
