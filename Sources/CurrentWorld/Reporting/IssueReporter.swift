internal import CurrentWorldSupport
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

  /// Prints each issue to standard error, after its place when it has one.
  public static let standardError = IssueReporter { issue in
    let place = issue.isPlaced ? "\(issue.fileID):\(issue.line): " : ""
    let kind = issue.isWarning ? "warning: " : "error: "
    FileHandle.standardError.write(Data("\(place)\(kind)CurrentWorld: \(issue.message)\n".utf8))
  }

  private static let installed = Locked(IssueReporter.standardError)
  @TaskLocal private static var scoped: IssueReporter?

  /// The reporter in use: the one that ``withCurrent(_:operation:)-(_,()->R)``
  /// set for the calling task, else the process's.
  ///
  /// Setting it replaces the process's reporter, for every task that has no
  /// reporter of its own: do it once, at launch. Tests use
  /// ``withCurrent(_:operation:)-(_,()->R)`` instead, so that tests running
  /// in parallel never swap each other's reporter.
  public static var current: IssueReporter {
    get { scoped ?? installed.withLock { $0 } }
    // The replaced reporter is released after the lock opens: its closure
    // may hold the last reference to something whose deinit reports.
    set { withExtendedLifetime(installed.exchange(newValue)) {} }
  }

  /// Runs `operation` with `reporter` as ``current`` for the calling task
  /// and the child tasks it makes; other tasks, and work that leaves the
  /// task tree (`Task.detached`, GCD), keep their reporter.
  ///
  /// ```swift
  /// let toLog = IssueReporter { issue in logger.error("\(issue.message)") }
  /// IssueReporter.withCurrent(toLog) {
  ///   analytics.log("opened")  // an unimplemented closure reports to the log
  /// }
  /// ```
  public static func withCurrent<R>(_ reporter: IssueReporter, operation: () throws -> R)
    rethrows -> R
  {
    try $scoped.withValue(reporter, operation: operation)
  }

  /// Runs the asynchronous `operation` with `reporter` as ``current`` for
  /// the calling task and the child tasks it makes.
  public static func withCurrent<R>(
    _ reporter: IssueReporter,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $scoped.withValue(reporter, operation: operation, isolation: isolation)
  }

  /// Reports `message` to ``current``, placed where this is called.
  public static func report(
    _ message: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    current.report(ReportedIssue(message, fileID, filePath, line, column))
  }

  /// Reports `message` to ``current``, placed at a declaration rather than
  /// at code the test runs (see ``ReportedIssue/placeIsDeclaration``).
  package static func report(
    _ message: String,
    declaredAt fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt
  ) {
    var issue = ReportedIssue(message, fileID, filePath, line, column)
    issue.placeIsDeclaration = true
    current.report(issue)
  }
}
