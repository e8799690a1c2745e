import CurrentWorld
import CurrentWorldTesting
import Dispatch
import TestHelpers
import Testing
import XCTest

// Fail by design: run by `.ci/check-failure-attribution`, which checks that
// each test's issues, reported from outside its task, landed on it. Each
// marker is the test's name and case, which the check reads back.
@Suite(.world, .enabled(if: provesFailureAttribution))
struct FailureAttributionProof {
  @Test(arguments: 0..<10) func aQueue(case number: Int) async {
    await OutsideTheTest.onAQueue(marker: "aQueue-\(number)")
  }

  @Test(arguments: 0..<10) func aThread(case number: Int) async {
    await OutsideTheTest.onAThread(marker: "aThread-\(number)")
  }

  @Test(arguments: 0..<10) func aDetachedTask(case number: Int) async {
    await OutsideTheTest.inADetachedTask(marker: "aDetachedTask-\(number)")
  }

  @Test(arguments: 0..<10) func aLongLivedLoop(case number: Int) async {
    await OutsideTheTest.onALongLivedLoop(marker: "aLongLivedLoop-\(number)")
  }

  // What the testing article says: withKnownIssue does not catch an issue
  // relayed from outside the test's task, which the trait's task records.
  @Test(arguments: [0]) func aQueueInsideWithKnownIssue(case number: Int) async {
    await withKnownIssue(isIntermittent: true) {
      await OutsideTheTest.onAQueue(marker: "aQueueInsideWithKnownIssue-\(number)")
    }
  }
}

final class FailureAttributionProofWorldTestCase: WorldTestCase {
  func testAQueue() async throws {
    try XCTSkipUnless(provesFailureAttribution)
    await OutsideTheTest.onAQueue(marker: "testAQueue")
  }
}

final class FailureAttributionProofPlainTestCase: XCTestCase {
  // The process-wide world, which XCTest resets around each test: a queue
  // reads it without being handed anything.
  func testAQueueInAPlainTestCase() async throws {
    try XCTSkipUnless(provesFailureAttribution)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        forgetAnOverride(marker: "testAQueueInAPlainTestCase")
        done.resume()
      }
    }
  }
}
