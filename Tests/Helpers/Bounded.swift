import Foundation
import Testing

/// How long a test waits, in real time, for work it expects to finish at
/// once: a guard against a hang, not a measure of speed. Swift Testing
/// starts every test at once, so a test's work queues behind the whole
/// suite's, and the bound must exceed a whole run of the suite on a loaded
/// machine: four copies of it on two cores beside two busy loops took up to
/// 145 s. 300 s (540 s under a sanitizer) stays inside every suite's time
/// limit, so a hang still fails by name. `CURRENTWORLD_SETTLE_SECONDS`
/// sets it for a run whose own limit is shorter (`.ci/mutants.py`'s), so
/// that a wait that never ends fails by name there too.
public let settleLimit: Duration = {
  let environment = ProcessInfo.processInfo.environment
  if let given = environment["CURRENTWORLD_SETTLE_SECONDS"].flatMap(Int.init), given > 0 {
    return .seconds(given)
  }
  return environment["CURRENTWORLD_SANITIZER"] == nil ? .seconds(300) : .seconds(540)
}()

/// The result of `task`, or `nil` when it has not finished within `limit`
/// of real time: then the task is cancelled and the test records an issue
/// at the caller's line, so a bug that leaves work asleep fails by name
/// instead of hanging the run.
///
/// ```swift
/// let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
/// await clock.advance(by: .seconds(1))
/// #expect(await settled(sleeper)?.isSuccess == true)
/// ```
public func settled<Success: Sendable, Failure: Error>(
  _ task: Task<Success, Failure>,
  within limit: Duration = settleLimit,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Result<Success, Failure>? {
  // Not a task group: a group waits for every child, and awaiting a task's
  // result ignores cancellation.
  let first = First<Result<Success, Failure>?>()
  let timer = Task {
    try? await Task.sleep(for: limit)
    first.finish(nil)
  }
  Task { first.finish(await task.result) }
  let outcome = await withCheckedContinuation { first.wait(with: $0) }
  timer.cancel()
  if outcome == nil {
    task.cancel()
    Issue.record(
      "The task did not finish within \(limit) of real time, so it was cancelled.",
      sourceLocation: sourceLocation)
  }
  return outcome
}

/// The value of `task`, which cannot fail, or `nil` (with an issue recorded)
/// when it has not finished within `limit` of real time.
public func value<Success: Sendable>(
  of task: Task<Success, Never>,
  within limit: Duration = settleLimit,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Success? {
  let result = await settled(task, within: limit, sourceLocation: sourceLocation)
  guard case .success(let value) = result else { return nil }
  return value
}

extension Result {
  /// Whether this is a success.
  public var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }

  /// The error, if this is a failure.
  public var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// The first of several values, delivered once to a continuation that
/// waits for it, whether it came before the wait or after.
private final class First<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Value, Never>?
  private var value: Value?
  private var finished = false

  func wait(with continuation: CheckedContinuation<Value, Never>) {
    lock.lock()
    guard finished, let value else {
      self.continuation = continuation
      return lock.unlock()
    }
    lock.unlock()
    continuation.resume(returning: value)
  }

  func finish(_ value: Value) {
    lock.lock()
    guard !finished else { return lock.unlock() }
    finished = true
    self.value = value
    let continuation = self.continuation
    self.continuation = nil
    lock.unlock()
    continuation?.resume(returning: value)
  }
}

/// Waits until `file` exists, for `limit` of real time at most; records an
/// issue at the caller's line and returns `false` when it does not. A
/// recording session writes its file as its recording ends: at its
/// invalidation, which URLSession reports on a queue of its own.
@discardableResult
public func fileWritten(
  _ file: URL,
  within limit: Duration = settleLimit,
  sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + limit
  while !FileManager.default.fileExists(atPath: file.path) {
    guard clock.now < deadline, !Task.isCancelled else {
      Issue.record(
        "\(file.lastPathComponent) was not written within \(limit) of real time.",
        sourceLocation: sourceLocation)
      return false
    }
    try? await clock.sleep(for: .milliseconds(20))
  }
  return true
}
