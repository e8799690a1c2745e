internal import CurrentWorldSupport
import Foundation

/// Races work against a deadline and returns as soon as either ends, or the
/// caller is cancelled, without waiting for the loser.
///
/// Not a task group: a group waits for every child, so a transport that
/// ignores cancellation stretched a 0.2 s timeout to 2 s. Here the work and
/// the timer are unstructured tasks that get cancelled, and the caller's
/// continuation is resumed exactly once, by whichever finishes first.
enum Deadline {
  static func race<Value: Sendable>(
    transport work: @escaping @Sendable () async throws -> Value,
    against timer: @escaping @Sendable () async throws -> Void,
    timeout: any Error
  ) async throws -> Value {
    let outcome = Outcome<Value>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        outcome.wait(with: continuation)
        let worker = Task {
          do {
            outcome.finish(.success(try await work()))
          } catch {
            outcome.finish(.failure(error))
          }
        }
        let watchdog = Task {
          do {
            try await TimeoutTask.$isCurrent.withValue(true) { try await timer() }
            outcome.finish(.failure(timeout))
          } catch {
            // Cancelled: the work finished first, or the caller gave up.
          }
        }
        outcome.whenFinished {
          worker.cancel()
          watchdog.cancel()
        }
      }
    } onCancel: {
      outcome.finish(.failure(CancellationError()))
    }
  }

  /// One result, delivered once: to the continuation if it is waiting, and
  /// to the clean-up, which runs once, after the lock is open.
  // `@unchecked Sendable`: every `var` is read and written under `lock` only.
  private final class Outcome<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var continuation: CheckedContinuation<Value, any Error>?
    private var result: Result<Value, any Error>?
    private var cleanUp: (@Sendable () -> Void)?
    private var finished = false

    func wait(with continuation: CheckedContinuation<Value, any Error>) {
      let early = lock.withLock { () -> Result<Value, any Error>? in
        if let result { return result }
        self.continuation = continuation
        return nil
      }
      if let early { continuation.resume(with: early) }
    }

    func whenFinished(_ body: @escaping @Sendable () -> Void) {
      let runNow = lock.withLock { () -> Bool in
        if finished { return true }
        cleanUp = body
        return false
      }
      if runNow { body() }
    }

    func finish(_ result: Result<Value, any Error>) {
      let (continuation, cleanUp) = lock.withLock {
        () -> (CheckedContinuation<Value, any Error>?, (@Sendable () -> Void)?) in
        guard !finished else { return (nil, nil) }
        finished = true
        self.result = result
        defer {
          self.continuation = nil
          self.cleanUp = nil
        }
        return (self.continuation, self.cleanUp)
      }
      continuation?.resume(with: result)
      cleanUp?()
    }
  }
}
