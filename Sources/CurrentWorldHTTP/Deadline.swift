internal import CurrentWorldSupport
import Foundation

/// Races work against a deadline and returns as soon as either ends, or the
/// caller is cancelled, without waiting for the loser.
///
/// Not a task group: a group waits for every child, so a transport that
/// ignores cancellation stretched a timeout to however long it took. Here the work and
/// the timer are unstructured tasks that get cancelled, and the caller's
/// continuation is resumed exactly once, by whichever finishes first.
///
/// An unstructured task does not inherit its creator's cancellation, so a
/// caller that is cancelled already starts nothing, and the work checks,
/// as it starts, that no result came first: otherwise its own
/// `checkCancellation` could run before the handler's `cancel()` reached it,
/// and a cancelled call would still send its request.
enum Deadline {
  static func race<Value: Sendable>(
    transport work: @escaping @Sendable () async throws -> Value,
    against timer: @escaping @Sendable () async throws -> Void,
    timeout: any Error
  ) async throws -> Value {
    try Task.checkCancellation()
    let outcome = ResumeOnce<Value>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        outcome.wait(with: continuation)
        let worker = startWorker(work, finishing: outcome)
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

  /// Starts the task that runs `work` and finishes `outcome` with its
  /// result, unless `outcome` finished first: a caller cancelled between
  /// `race`'s check and this start has its answer, and sends nothing.
  static func startWorker<Value: Sendable>(
    _ work: @escaping @Sendable () async throws -> Value, finishing outcome: ResumeOnce<Value>
  ) -> Task<Void, Never> {
    Task {
      // Cancelled between the check in `race` and this start.
      guard !outcome.isFinished else { return }
      do {
        outcome.finish(.success(try await work()))
      } catch {
        outcome.finish(.failure(error))
      }
    }
  }
}
