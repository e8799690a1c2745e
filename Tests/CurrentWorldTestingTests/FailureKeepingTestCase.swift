import CurrentWorldTesting
import XCTest

/// A `WorldTestCase` that offers each failure XCTest is about to record to
/// ``keeps(_:file:line:)`` first: a failure a subclass keeps is not
/// recorded, so a test can provoke one on purpose and check its text.
class FailureKeepingTestCase: WorldTestCase {
  /// Whether to keep this failure instead of recording it; keeps none.
  func keeps(_ message: String, file: String, line: Int) -> Bool { false }

  #if canImport(Darwin)
    // Apple's XCTest records every failure as an XCTIssue.
    override func record(_ issue: XCTIssue) {
      let location = issue.sourceCodeContext.location
      let kept = keeps(
        issue.compactDescription, file: location?.fileURL.path ?? "",
        line: location?.lineNumber ?? 0)
      if !kept { super.record(issue) }
    }
  #else
    // corelibs XCTest has no XCTIssue; every failure goes through here.
    override func recordFailure(
      withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
      expected: Bool
    ) {
      guard !keeps(description, file: filePath, line: lineNumber) else { return }
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  #endif
}
