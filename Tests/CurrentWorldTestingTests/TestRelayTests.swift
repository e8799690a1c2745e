import CurrentWorld
import CurrentWorldSupport
import Foundation
import Testing

@testable import CurrentWorldTesting

/// The relay that carries an issue from outside a test's task back to the
/// test: what it adds to the message, and what happens once the test ended.
/// (`.ci/check-failure-attribution` proves where relayed issues land.)
@Suite struct TestRelayTests {
  let issue = ReportedIssue(
    message: "forgot", fileID: "App/A.swift", filePath: "", line: 3, column: 1)

  @Test(.world) func aTestsWorldCarriesItsRelayIntoEveryWorldMadeFromIt() async {
    let relay = Current[TestRelayKey.self]
    #expect(relay != nil)
    let shared = SharedWorld()
    let fromAQueue = await withCheckedContinuation { done in
      DispatchQueue.global().async { done.resume(returning: shared.run { TestRelay.inEffect }) }
    }
    #expect(fromAQueue === relay)
    let nested = withWorld {
      $0.locale = Locale(identifier: "fr_FR")
    } operation: {
      TestRelay.inEffect
    }
    #expect(nested === relay)
  }

  @Test func outsideEveryTestWorldThereIsNoRelay() async {
    let detached = await Task.detached { TestRelay.inEffect }.value
    #expect(detached == nil)
  }

  @Test func aRelayedIssueSaysWhereItCameFrom() async {
    let recorded = Recorded()
    let relay = TestRelay(testName: "t()") { recorded.append($0) }
    let issue = issue
    let onAQueue = await withCheckedContinuation { done in
      DispatchQueue.global().async { done.resume(returning: relay.relay(issue)) }
    }
    #expect(onAQueue)
    let message = recorded.issues.first?.message ?? ""
    #expect(message.hasPrefix("forgot\n\n(Reported from outside the test's task, on another"))
    #expect(message.hasSuffix("in a world made from this test's.)"))
    #expect(recorded.issues.first?.fileID == "App/A.swift")
  }

  @Test func anIssueAfterTheTestEndedIsLateAndNamesTheTest() {
    let recorded = Recorded()
    let relay = TestRelay(testName: "late() at T/L.swift:9") { recorded.append($0) }
    #expect(relay.end().isEmpty)
    #expect(!relay.relay(issue))
    #expect(recorded.issues.isEmpty)
    let late = relay.late(issue).message
    #expect(late.hasPrefix("forgot\n\n(Reported from the world of the test late() at T/L.swift:9"))
    #expect(late.contains("after that test had ended"))
  }

  @Test func anIssueFromAWorldNoTestMadeSaysHowToHandTheWorldOver() {
    let message = TestRelay.fromNoTestWorld(issue).message
    #expect(message.hasPrefix("forgot\n\n(Reported outside every test's task"))
    #expect(message.contains("SharedWorld()") && message.contains("req.world"))
    // The escape warning, which has no place, goes to standard error as it was.
    let warning = ReportedIssue(
      message: "escaped", fileID: "", filePath: "", line: 0, column: 0, severity: .warning)
    #expect(TestRelay.fromNoTestWorld(warning).message == "escaped")
  }

  @Test func withoutARecorderIssuesWaitForTheEnd() {
    let relay = TestRelay(testName: "x")
    #expect(relay.relay(issue))
    #expect(relay.relay(issue))
    #expect(relay.end().count == 2)
    #expect(!relay.relay(issue))
  }
}

/// Issues that a relay handed over, in order.
final class Recorded: Sendable {
  private let state = Locked([ReportedIssue]())
  var issues: [ReportedIssue] { state.withLock { $0 } }
  func append(_ issue: ReportedIssue) { state.withLock { $0.append(issue) } }
}
