internal import CurrentWorldHTTP
import Foundation

/// Where CurrentWorld sends the problems it finds while code runs.
///
/// The default, ``standardError``, prints them. `CurrentWorldTesting` installs
/// a reporter that records a test failure with whichever runner is running
/// (Swift Testing or XCTest), so that an unimplemented dependency fails the
/// test that called it.
///
/// ```swift
/// IssueReporter.current = IssueReporter { issue in
///   logger.error("\(issue.message)")
/// }
/// IssueReporter.report("Current.analytics.log is not set up")
/// ```
public struct IssueReporter: Sendable {
  /// Receives each issue.
  public var report: @Sendable (ReportedIssue) -> Void

  /// A reporter from its closure.
  public init(report: @escaping @Sendable (ReportedIssue) -> Void) {
    self.report = report
  }

  /// Prints each issue to standard error, with its place.
  public static let standardError = IssueReporter { issue in
    FileHandle.standardError.write(
      Data(
        "\(issue.fileID):\(issue.line): \(issue.isWarning ? "warning: " : "")CurrentWorld: \(issue.message)\n"
          .utf8))
  }

  private static let installed = Locked(IssueReporter.standardError)

  /// The reporter in use by the whole process.
  public static var current: IssueReporter {
    get { installed.withLock { $0 } }
    // The replaced reporter is released after the lock opens: its closure
    // may hold the last reference to something whose deinit reports.
    set { withExtendedLifetime(installed.exchange(newValue)) {} }
  }

  /// Reports `message` to ``current``, placed where this is called.
  public static func report(
    _ message: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var issue = ReportedIssue(
      message: message,
      fileID: "\(fileID)",
      filePath: "\(filePath)",
      line: Int(line),
      column: Int(column)
    )
    issue.compiledPlace = CompiledPlace(filePath: filePath, line: line)
    current.report(issue)
  }
}
