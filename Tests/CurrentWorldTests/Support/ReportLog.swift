import CurrentWorld
import Foundation

/// Collects what `IssueReporter` receives while `body` runs, then puts the
/// previous reporter back. The reporter is process-wide, so suites that use
/// this are serialized with each other through `ReportLog.gate`.
final class ReportLog: @unchecked Sendable {
  private let lock = NSLock()
  private var issues: [ReportedIssue] = []

  var messages: [String] { lock.withLock { issues.map(\.message) } }
  var reported: [ReportedIssue] { lock.withLock { issues } }

  @discardableResult
  func capture<R>(_ body: () async throws -> R) async rethrows -> R {
    await ReportLog.gate.acquire()
    let previous = IssueReporter.current
    IssueReporter.current = IssueReporter { [self] issue in lock.withLock { issues.append(issue) } }
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
