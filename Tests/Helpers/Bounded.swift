import Foundation
import Testing

/// How long a test waits, in real time, for work it expects to finish at
/// once: long enough for a loaded machine, short enough that a regression
/// fails by name well within a minute; three times that under a sanitizer,
/// which slows everything about tenfold.
public let settleLimit =
  ProcessInfo.processInfo.environment["CURRENTWORLD_SANITIZER"] == nil
  ? Duration.seconds(10) : .seconds(30)

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
  let race = Race<Result<Success, Failure>?>()
  let outcome = await withCheckedContinuation { continuation in
    race.start(continuation)
    race.add(Task { race.finish(await task.result) })
    race.add(
      Task {
        try? await Task.sleep(for: limit)
        race.finish(nil)
      })
  }
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

/// Waits for `semaphore` for at most `limit`, and records an issue at the
/// caller's line when it was not signalled: a thread that never finishes
/// fails the test instead of blocking it.
@discardableResult
public func wait(
  on semaphore: DispatchSemaphore,
  within limit: Duration = settleLimit,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let seconds = Double(limit.components.seconds)
  guard semaphore.wait(timeout: .now() + seconds) == .timedOut else { return true }
  Issue.record(
    "The semaphore was not signalled within \(limit) of real time.",
    sourceLocation: sourceLocation)
  return false
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

/// One outcome, delivered once to a waiting continuation; the tasks that
/// race for it are cancelled once it is in.
private final class Race<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Value, Never>?
  private var finished = false
  private var racers: [Task<Void, Never>] = []

  func start(_ continuation: CheckedContinuation<Value, Never>) {
    lock.lock()
    self.continuation = continuation
    lock.unlock()
  }

  func add(_ racer: Task<Void, Never>) {
    lock.lock()
    let cancel = finished
    if !cancel { racers.append(racer) }
    lock.unlock()
    if cancel { racer.cancel() }
  }

  func finish(_ value: Value) {
    lock.lock()
    guard !finished else { return lock.unlock() }
    finished = true
    let continuation = self.continuation
    let racers = self.racers
    self.continuation = nil
    self.racers = []
    lock.unlock()
    continuation?.resume(returning: value)
    for racer in racers { racer.cancel() }
  }
}
