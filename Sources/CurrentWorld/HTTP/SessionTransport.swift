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
        task.delegate = OriginGuard(origin: request.url)
        handle.start(task)
      }
    } onCancel: {
      DispatchQueue.global().async { handle.cancel() }
    }
  }

  /// Keeps credentials with their origin: a redirect of a request that
  /// carries an `Authorization` header to another scheme, host or port is
  /// not followed. URLSession would copy the header, and for a 307 or 308
  /// the body too, to the other origin. The task then completes with the
  /// redirect itself, which the client reports as ``APIError/status(code:url:bodyExcerpt:)``.
  /// Redirects within the origin, and of requests without credentials, are
  /// followed.
  private final class OriginGuard: NSObject, URLSessionTaskDelegate, Sendable {
    let origin: Origin?

    init(origin url: URL?) {
      origin = url.map(Origin.init)
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      let carriesCredentials = request.value(forHTTPHeaderField: "Authorization") != nil
      let sameOrigin = request.url.map(Origin.init) == origin
      completionHandler(carriesCredentials && !sameOrigin ? nil : request)
    }
  }

  /// A URL's scheme, host and port: what a credential belongs to.
  struct Origin: Equatable, Sendable {
    let scheme: String?
    let host: String?
    let port: Int?

    init(_ url: URL) {
      scheme = url.scheme?.lowercased()
      host = url.host?.lowercased()
      port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
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
