import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one request through a `URLSession` with its completion-handler API,
/// and cancels it off the calling thread.
///
/// Not `URLSession.data(for:)`: in corelibs-foundation (Linux, Swift 6.3),
/// cancelling that call waits on the session's queue while holding a task
/// lock that a response completing at the same instant needs. The caller
/// froze, and so did later requests, even on a new session. Here a cancel is
/// handed to a global queue, so the caller never waits for it, and the
/// completion handler is the only place a result comes from.
enum SessionTransport {
  static func send(_ request: URLRequest, with session: URLSession) async throws -> (
    Data, URLResponse
  ) {
    let handle = TaskHandle()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(throwing: error)
          } else if let data, let response {
            continuation.resume(returning: (data, response))
          } else {
            continuation.resume(throwing: URLError(.badServerResponse))
          }
        }
        handle.start(task)
      }
    } onCancel: {
      DispatchQueue.global().async { handle.cancel() }
    }
  }

  /// The data task of one call, and whether it was cancelled before it
  /// existed: a cancel can arrive before `start`.
  private final class TaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
      let cancelled = lock.withLock {
        self.task = task
        return self.cancelled
      }
      // A task cancelled before it was resumed completes with
      // URLError.cancelled and never reaches the network.
      if cancelled { task.cancel() } else { task.resume() }
    }

    func cancel() {
      let task = lock.withLock {
        cancelled = true
        return self.task
      }
      task?.cancel()
    }
  }
}
