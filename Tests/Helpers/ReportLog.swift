import CurrentWorld
import Foundation

/// Collects the failures that `IssueReporter` receives while `body` runs,
/// from one source file.
///
/// The log is the reporter of `body`'s task only
/// (`IssueReporter.withCurrent`), so tests that run in parallel never see
/// each other's issues, and the process's reporter is never swapped.
/// Everything else goes on to the reporter that was current: issues placed
/// in other files, and warnings.
public final class ReportLog: @unchecked Sendable {
  private let lock = NSLock()
  private var issues: [ReportedIssue] = []
  private let fileID: String

  /// A log of the failures placed in `fileID`: by default the file that
  /// makes the log, where its `unimplemented` closures are declared.
  public init(keepingIssuesFrom fileID: String = #fileID) {
    self.fileID = fileID
  }

  public var messages: [String] { lock.withLock { issues.map(\.message) } }
  public var reported: [ReportedIssue] { lock.withLock { issues } }

  @discardableResult
  public func capture<R>(_ body: () async throws -> R) async rethrows -> R {
    let previous = IssueReporter.current
    let log = IssueReporter { [self] issue in
      if issue.severity == .failure && issue.fileID == fileID {
        lock.withLock { issues.append(issue) }
      } else {
        previous.report(issue)
      }
    }
    return try await IssueReporter.withCurrent(log, operation: body)
  }
}
