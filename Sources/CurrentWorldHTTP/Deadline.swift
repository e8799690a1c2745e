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
    let outcome = ResumeOnce<Value>()
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
}
