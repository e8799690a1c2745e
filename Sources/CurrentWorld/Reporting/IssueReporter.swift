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

  /// The process's reporters: the one code set, if any, and the test
  /// runner's, in a test process.
  private struct Installed {
    var setByCode: IssueReporter?
    var testRunner: IssueReporter?

    /// The reporter in use outside every ``withCurrent(_:operation:)-(_,()->R)``.
    var inUse: IssueReporter { setByCode ?? testRunner ?? .standardError }
  }

  private static let installed = Locked(Installed())
  @TaskLocal private static var scoped: IssueReporter?

  /// The reporter in use: the one that ``withCurrent(_:operation:)-(_,()->R)``
  /// set for the calling task, else the process's: the one code set, else
  /// in a test process the test runner's, else ``standardError``.
  ///
  /// Setting it replaces the process's reporter, for every task that has no
  /// reporter of its own: do it once, at launch. Tests use
  /// ``withCurrent(_:operation:)-(_,()->R)`` instead, so that tests running
  /// in parallel never swap each other's reporter.
  ///
  /// In a test process, connecting the test runners never replaces a
  /// reporter that code set: CurrentWorld's own issues (an unimplemented
  /// dependency, an unarranged sleep) go to that reporter and fail the
  /// running test too.
  public static var current: IssueReporter {
    get { scoped ?? installed.withLock { $0.inUse } }
    // The replaced reporter is released after the lock opens: its closure
    // may hold the last reference to something whose deinit reports.
    set {
      let replaced = installed.withLock { state in
        defer { state.setByCode = newValue }
        return state.setByCode
      }
      withExtendedLifetime(replaced) {}
    }
  }

  /// Connects the test runner's reporter, once, in a test process: it
  /// becomes the process's reporter unless code set one, and receives
  /// CurrentWorld's own issues either way (see ``deliver(_:)``).
  package static func connectTestRunner(_ reporter: IssueReporter) {
    let replaced = installed.withLock { state in
      defer { state.testRunner = reporter }
      return state.testRunner
    }
    withExtendedLifetime(replaced) {}
  }

  /// Sends one of CurrentWorld's own issues to the reporter in use; where
  /// that is a reporter that code set for the process, to the test runner
  /// too, so that the test still fails.
  package static func deliver(_ issue: ReportedIssue) {
    if let scoped {
      scoped.report(issue)
      return
    }
    let (inUse, runner) = installed.withLock { state in
      (state.inUse, state.setByCode == nil ? nil : state.testRunner)
    }
    inUse.report(issue)
    runner?.report(issue)
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
    deliver(ReportedIssue(message, fileID, filePath, line, column))
  }

  /// Reports `message` to ``current``, placed at a declaration rather than
  /// at code the test runs (see ``ReportedIssue/placeIsDeclaration``).
  package static func report(
    _ message: String,
    declaredAt fileID: StaticString,
    _ filePath: StaticString,
    _ line: UInt,
    _ column: UInt,
    unimplemented: UnimplementedError? = nil
  ) {
    var issue = ReportedIssue(message, fileID, filePath, line, column)
    issue.placeIsDeclaration = true
    issue.unimplemented = unimplemented
    deliver(issue)
  }
}
