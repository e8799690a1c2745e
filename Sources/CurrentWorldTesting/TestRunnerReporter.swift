#if DEBUG
  import CurrentWorld
  import Foundation
  import Testing
  import XCTest

  /// Sends CurrentWorld's issues to the test runner that is running: Swift
  /// Testing's `Issue.record` inside a Swift Testing test, the running
  /// ``WorldTestCase``'s failure otherwise, and standard error outside of
  /// both.
  enum TestRunnerReporter {
    static let reporter = IssueReporter { issue in
      if Test.current != nil {
        Issue.record(Comment(rawValue: issue.message), sourceLocation: sourceLocation(of: issue))
      } else if RunningTestCase.current?.testCase != nil {
        recordXCTestFailure(issue)
      } else {
        IssueReporter.standardError.report(issue)
      }
    }

    /// Swift Testing's place for `issue`. `SourceLocation` traps on a line or
    /// column below 1 or a file ID without a module, and a `ReportedIssue` can
    /// be made by hand, so those are mended rather than trusted.
    static func sourceLocation(of issue: ReportedIssue) -> SourceLocation {
      SourceLocation(
        fileID: issue.fileID.contains("/") ? issue.fileID : "Unknown/\(issue.fileID)",
        filePath: issue.filePath.isEmpty ? issue.fileID : issue.filePath,
        line: max(issue.line, 1),
        column: max(issue.column, 1)
      )
    }

    /// Fails the running XCTest test with `issue`. `XCTFail` is the one
    /// way to do it that both Apple's XCTest and corelibs XCTest offer
    /// without deprecation, and it takes a `StaticString` file: an issue
    /// made by hand has none, so its place goes in the message.
    static func recordXCTestFailure(_ issue: ReportedIssue) {
      if let place = issue.compiledPlace {
        XCTFail(issue.message, file: place.filePath, line: place.line)
      } else {
        XCTFail("\(issue.fileID):\(issue.line): \(issue.message)")
      }
    }

    private static let installation: Void = { IssueReporter.current = reporter }()

    /// Reports `message` straight to the test runner, whatever reporter is
    /// installed: the module's own assertions always fail the test.
    static func report(
      _ message: String,
      _ fileID: StaticString,
      _ filePath: StaticString,
      _ line: UInt,
      _ column: UInt
    ) {
      var issue = ReportedIssue(
        message: message, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line),
        column: Int(column))
      issue.compiledPlace = CompiledPlace(filePath: filePath, line: line)
      reporter.report(issue)
    }

    /// Makes the test runner receive CurrentWorld's issues; every entry point
    /// of this module calls it, and only the first call does anything.
    static func install() {
      installation
    }
  }

  /// The XCTest case that a ``WorldTestCase`` is running, for the issues
  /// raised while it runs.
  final class RunningTestCase: @unchecked Sendable {
    /// Held weakly: the box outlives the test in any `Task {}` it started.
    weak var testCase: XCTestCase?

    init(_ testCase: XCTestCase) {
      self.testCase = testCase
    }

    @TaskLocal static var current: RunningTestCase?
  }
#endif
