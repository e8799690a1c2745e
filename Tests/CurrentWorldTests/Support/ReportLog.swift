import CurrentWorld
import Foundation

/// Collects the failures that `IssueReporter` receives while `body` runs,
/// from one source file, then puts the previous reporter back.
///
/// Tests of other suites run meanwhile and report through the same
/// process-wide reporter, so everything else goes on to the previous
/// reporter: issues placed in other files, and warnings, which CurrentWorld
/// shows once per process when any test happens to trigger them (the probes
/// in CurrentWorldTestingTests check those in a process of their own). The reporter is process-wide, so suites that use
/// this are serialized with each other through `ReportLog.gate`.
final class ReportLog: @unchecked Sendable {
  private let lock = NSLock()
  private var issues: [ReportedIssue] = []
  private let fileID: String

  /// A log of the failures placed in `fileID`: by default the file that
  /// makes the log, where its `unimplemented` closures are declared.
  init(keepingIssuesFrom fileID: String = #fileID) {
    self.fileID = fileID
  }

  var messages: [String] { lock.withLock { issues.map(\.message) } }
  var reported: [ReportedIssue] { lock.withLock { issues } }

  @discardableResult
  func capture<R>(_ body: () async throws -> R) async rethrows -> R {
    await ReportLog.gate.acquire()
    let previous = IssueReporter.current
    IssueReporter.current = IssueReporter { [self] issue in
      if issue.severity == .failure && issue.fileID == fileID {
        lock.withLock { issues.append(issue) }
      } else {
        previous.report(issue)
      }
    }
    defer {
      IssueReporter.current = previous
      ReportLog.gate.release()
    }
    return try await body()
  }

  /// One capture at a time across the test process.
  static let gate = AsyncGate()
}

/// A lock that tasks wait for without blocking a thread.
final class AsyncGate: @unchecked Sendable {
  private let lock = NSLock()
  private var held = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func acquire() async {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock {
        if held {
          waiters.append(continuation)
          return false
        }
        held = true
        return true
      }
      if ready { continuation.resume() }
    }
  }

  func release() {
    let next = lock.withLock {
      if waiters.isEmpty {
        held = false
        return nil as CheckedContinuation<Void, Never>?
      }
      return waiters.removeFirst()
    }
    next?.resume()
  }
}
