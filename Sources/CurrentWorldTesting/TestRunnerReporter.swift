#if DEBUG
  import CurrentWorld
  import Foundation
  import Testing
  import XCTest

  /// Sends CurrentWorld's issues to the test runner that is running.
  ///
  /// - In a Swift Testing test (or a task of one): `Issue.record`, which
  ///   fails that test, or shows a warning.
  /// - While an XCTest test runs, from any thread: `XCTFail`, which fails
  ///   the running test. Warnings go to standard error: XCTest has none.
  /// - Anywhere else, such as detached work in a Swift Testing run: an issue
  ///   that belongs to no test, which still fails the run; `XCTFail`, which
  ///   fails an XCTest test that runs while the observer is not yet
  ///   registered; and a copy on standard error. A runner that runs no test
  ///   ignores the failure.
  enum TestRunnerReporter {
    static let reporter = IssueReporter { issue in
      if Test.current != nil {
        recordSwiftTestingIssue(issue)
      } else if RunningTestCase.current?.testCase == nil, let relay = TestRelay.inEffect {
        // Outside the test's task, in a world made from a test's: that
        // test's, while it runs; named, if it has ended.
        if !relay.relay(issue) { reportOutsideTests(relay.late(issue)) }
      } else if RunningTestCase.current?.testCase != nil || XCTestRun.isRunning {
        if issue.isWarning {
          IssueReporter.standardError.report(issue)
        } else {
          recordXCTestFailure(issue)
        }
      } else {
        // No test's world and no runner's test on this thread: work that
        // was handed no world, or the process-wide world's.
        reportOutsideTests(TestRelay.fromNoTestWorld(issue))
      }
    }

    /// Reports `issue` where no test can be named. Each runner ignores a
    /// failure while it runs no test, so both are told, and standard error
    /// too. A warning without a place has no test to be shown in: standard
    /// error only.
    static func reportOutsideTests(_ issue: ReportedIssue) {
      if issue.isWarning && !issue.isPlaced {
        IssueReporter.standardError.report(issue)
        return
      }
      recordSwiftTestingIssue(issue)
      if !issue.isWarning { recordXCTestFailure(issue) }
      IssueReporter.standardError.report(issue)
    }

    /// Records `issue` with Swift Testing. Issue severity came with Swift
    /// 6.3 (Xcode 26.4); below it a warning goes to standard error, as in
    /// XCTest, and only a failure is recorded.
    ///
    /// An issue without a place is placed at the running test, if any. A
    /// warning without a place outside any test goes to standard error
    /// only: Swift Testing would show it at a made-up place, in a test
    /// named «unknown».
    static func recordSwiftTestingIssue(_ issue: ReportedIssue) {
      var issue = issue
      if issue.placeIsDeclaration, let test = Test.current {
        // Shown at the test, where its author adds the override; the
        // declaration the closure came from stays in the message.
        issue.message += declarationNote(issue)
        issue.fileID = test.sourceLocation.fileID
        issue.filePath = test.sourceLocation.filePath
        issue.line = test.sourceLocation.line
        issue.column = test.sourceLocation.column
      }
      let place = sourceLocation(of: issue)
      if place == nil && issue.isWarning {
        IssueReporter.standardError.report(issue)
        return
      }
      let location =
        place
        ?? SourceLocation(
          fileID: "CurrentWorld/Current.swift", filePath: "Current.swift", line: 1, column: 1)
      if let call = issue.unimplemented, !issue.isWarning {
        UnimplementedCallRecording.record(call, comment: issue.message, at: location)
        return
      }
      #if compiler(>=6.3)
        Issue.record(
          Comment(rawValue: issue.message), severity: issue.isWarning ? .warning : .error,
          sourceLocation: location)
      #else
        if issue.isWarning {
          IssueReporter.standardError.report(issue)
        } else {
          Issue.record(Comment(rawValue: issue.message), sourceLocation: location)
        }
      #endif
    }

    /// Swift Testing's place for `issue`: its own, else the running test's.
    /// `SourceLocation` traps on a line or column below 1 or a file ID
    /// without a module, and a `ReportedIssue` can be made by hand, so those
    /// are mended rather than trusted.
    static func sourceLocation(of issue: ReportedIssue) -> SourceLocation? {
      guard issue.isPlaced else { return Test.current?.sourceLocation }
      return SourceLocation(
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
    ///
    /// An issue placed at a declaration (an `unimplemented` value) is
    /// shown at the running test where XCTest can do that: Apple's XCTest
    /// shows an `XCTIssue` without a place at the test method. Corelibs
    /// XCTest has no such issue and no test's place, so there it stays at
    /// the declaration, and the output line names the test. Either way the
    /// message names the declaration.
    static func recordXCTestFailure(_ issue: ReportedIssue) {
      var message = issue.message
      if issue.placeIsDeclaration {
        message += declarationNote(issue)
        #if canImport(Darwin)
          if let testCase = RunningTestCase.current?.testCase ?? XCTestRun.testCase {
            testCase.record(XCTIssue(type: .assertionFailure, compactDescription: message))
            return
          }
        #endif
      }
      if let place = issue.compiledPlace {
        XCTFail(message, file: place.filePath, line: place.line)
      } else if issue.isPlaced,
        let testCase = RunningTestCase.current?.testCase ?? XCTestRun.testCase
      {
        record(message, at: issue, on: testCase)
      } else {
        XCTFail(issue.isPlaced ? "\(issue.fileID):\(issue.line): \(message)" : message)
      }
    }

    /// Fails `testCase` with `message` at `issue`'s place, which was found
    /// at run time (the caller that read `Current`), so `XCTFail` cannot
    /// take it.
    static func record(_ message: String, at issue: ReportedIssue, on testCase: XCTestCase) {
      let path = issue.filePath.isEmpty ? issue.fileID : issue.filePath
      #if canImport(Darwin)
        let location = XCTSourceCodeLocation(filePath: path, lineNumber: max(issue.line, 1))
        testCase.record(
          XCTIssue(
            type: .assertionFailure, compactDescription: message,
            sourceCodeContext: XCTSourceCodeContext(location: location)))
      #else
        testCase.recordFailure(
          withDescription: message, inFile: path, atLine: max(issue.line, 1), expected: true)
      #endif
    }

    /// The line that keeps a declaration-placed issue's place in its
    /// message once the issue is shown at the test.
    static func declarationNote(_ issue: ReportedIssue) -> String {
      "\n\n(The unimplemented value is declared at \(issue.fileID):\(issue.line).)"
    }

    private static let installation: Void = {
      // Never replaces a reporter that code set: see IssueReporter.current.
      IssueReporter.connectTestRunner(reporter)
      TestWorlds.identifyRunner(with: runner, test: testName, places: CallerPlace.finder)
      XCTestRun.register()
    }()

    /// Which test runner runs the calling code. Asked on each read of the
    /// process-wide world, so it also adds an XCTest observer that was left
    /// pending, once the main queue reads (see ``XCTestRun/register()``).
    static func runner() -> TestWorlds.Runner {
      if XCTestRun.isPending { XCTestRun.addPendingObserver() }
      if Test.current != nil { return .swiftTesting }
      if RunningTestCase.current != nil || XCTestRun.isRunning { return .xcTest }
      return .none
    }

    /// The Swift Testing test that runs the calling code, by name.
    static func testName() -> String? {
      Test.current.map { "\($0.id)" }
    }

    /// Reports `message` straight to the test runner, whatever reporter is
    /// installed: the module's own assertions always fail the test.
    static func report(
      _ message: String,
      _ fileID: StaticString,
      _ filePath: StaticString,
      _ line: UInt,
      _ column: UInt
    ) {
      reporter.report(ReportedIssue(message, fileID, filePath, line, column))
    }

    /// Makes the test runners receive CurrentWorld's issues and watches
    /// XCTest's test cases. CurrentWorld calls it through ``TestSupport``
    /// when a test process first reads `Current`, and every entry point of
    /// this module calls it too; only the first call does anything.
    static func install() {
      installation
    }
  }

  /// The XCTest case that a ``WorldTestCase`` is running, for the issues
  /// raised while it runs.
  // `@unchecked Sendable`: `testCase` is set once, in init; `weak` needs `var`.
  final class RunningTestCase: @unchecked Sendable {
    /// Held weakly: the box outlives the test in any `Task {}` it started.
    weak var testCase: XCTestCase?

    init(_ testCase: XCTestCase) {
      self.testCase = testCase
    }

    @TaskLocal static var current: RunningTestCase?
  }
#endif
