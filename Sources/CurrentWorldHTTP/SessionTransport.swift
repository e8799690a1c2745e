internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends requests with the configuration of a `URLSession`, streaming each
/// answer through a delegate, and cancels off the calling thread.
///
/// - Not `URLSession.data(for:)`: in corelibs-foundation (Linux, Swift 6.3),
///   cancelling that call waits on the session's queue while holding a task
///   lock that a response completing at the same instant needs. The caller
///   froze, and so did later requests, even on a new session. Here a cancel
///   is handed to a global queue, and the delegate's completion is the only
///   place a result comes from.
/// - A session of its own, made from a copy of the given configuration on
///   first use: corelibs delivers data and completion only to a session's
///   delegate, never to a task's. It is invalidated when the transport goes.
/// - The delegate counts the body's bytes as they arrive, after URLSession
///   has undone any gzip or deflate encoding, so an answer over the limit,
///   compressed or not, is stopped there and never fills memory. It also
///   keeps credentials with their origin (see ``Receiver``).
/// - On Linux, the session's delegate queue is a ``DeliveryQueue``, which
///   keeps corelibs from reading far ahead of the delegate.
final class SessionTransport: Sendable {
  /// The most bytes a response body may have, for the request being sent.
  @TaskLocal static var responseSizeLimit = HTTPClient.defaultResponseSizeLimit
  /// The lowercased names of the headers, besides `Authorization`, that
  /// carry credentials in the request being sent.
  @TaskLocal static var credentialHeaders: Set<String> = []

  private let configuration: ConfigurationCopy
  private let router: Router
  private let session = Locked<URLSession?>(nil)
  private let cancelQueue: DispatchQueue
  private let makeDeliveries: @Sendable () -> OperationQueue?

  /// - Parameters:
  ///   - cancelQueue: Where a caller's cancel is handed to. Tests pass a
  ///     suspended queue to see what the transport does before that cancel
  ///     arrives.
  ///   - makeDeliveries: Makes the session's delegate queue. Tests pass a
  ///     queue whose delegate is held.
  ///   - followsRedirects: Whether a redirect is followed (within the rule
  ///     of ``Receiver/follows(_:)``); when false, every redirect is the
  ///     answer, as a recording session needs to record each hop.
  init(
    configuration: URLSessionConfiguration, cancelQueue: DispatchQueue = .global(),
    makeDeliveries: @escaping @Sendable () -> OperationQueue? = SessionTransport.deliveries,
    followsRedirects: Bool = true
  ) {
    router = Router(followsRedirects: followsRedirects)
    self.configuration = ConfigurationCopy(configuration)
    self.cancelQueue = cancelQueue
    self.makeDeliveries = makeDeliveries
  }

  /// The session's delegate queue: a ``DeliveryQueue`` on Linux, and on
  /// Apple's systems the one `URLSession` makes.
  static func deliveries() -> OperationQueue? {
    #if canImport(FoundationNetworking)
      return DeliveryQueue()
    #else
      return nil
    #endif
  }

  /// A private copy of the caller's configuration.
  // `@unchecked Sendable`: copied at init, never changed, read only to make the session.
  private final class ConfigurationCopy: @unchecked Sendable {
    let value: URLSessionConfiguration
    init(_ configuration: URLSessionConfiguration) {
      // `copy()` of a URLSessionConfiguration is one.
      value = configuration.copy() as! URLSessionConfiguration
    }
  }

  deinit {
    session.withLock { $0 }?.finishTasksAndInvalidate()
  }

  func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
    let session = session.withLock { session in
      if let session { return session }
      let made = URLSession(
        configuration: configuration.value, delegate: router, delegateQueue: makeDeliveries())
      session = made
      return made
    }
    let receiver = Receiver(
      origin: request.url, limit: Self.responseSizeLimit,
      credentials: Self.credentialHeaders.union(["authorization"]))
    return try await HTTPClient.watchingLongWait(
      "a live answer to \(Redaction.named(request))",
      fix: Self.longWaitFix
    ) {
      try await send(request, through: session, to: receiver)
    }
  }

  /// What ends a live send that has waited long, in the note that names
  /// its test.
  static let longWaitFix =
    "The server has not answered, or URLSession has not delivered its answer. The call's "
    + "timeout sleeps on Current.clock (a TestClock fires it only when advanced); or replay "
    + "a recording (.replaying(\"file.har\")) instead of the server."

  private func send(
    _ request: URLRequest, through session: URLSession, to receiver: Receiver
  ) async throws -> (Data, URLResponse) {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request)
        router.add(receiver, for: task)
        // A caller cancelled already sends nothing: the handler's cancel,
        // handed to another queue, could come after the start.
        if Task.isCancelled { receiver.cancel() }
        receiver.start(task, continuation)
      }
    } onCancel: { [cancelQueue] in
      cancelQueue.async { receiver.cancel() }
    }
  }

  /// Hands each task's callbacks to its ``Receiver``.
  // `@unchecked Sendable`: `receivers` is read and written under `lock` only.
  private final class Router: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = Lock()
    private var receivers: [Int: Receiver] = [:]
    private let followsRedirects: Bool

    init(followsRedirects: Bool) {
      self.followsRedirects = followsRedirects
    }

    func add(_ receiver: Receiver, for task: URLSessionTask) {
      lock.withLock { receivers[task.taskIdentifier] = receiver }
    }

    private func receiver(for task: URLSessionTask, removing: Bool = false) -> Receiver? {
      lock.withLock {
        removing
          ? receivers.removeValue(forKey: task.taskIdentifier) : receivers[task.taskIdentifier]
      }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
      guard let receiver = receiver(for: dataTask) else { return completionHandler(.cancel) }
      completionHandler(receiver.accept(response) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      receiver(for: dataTask)?.receive(data)
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      receiver(for: task, removing: true)?.complete(with: error)
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      let follow = followsRedirects && receiver(for: task)?.follows(request) ?? false
      completionHandler(follow ? request : nil)
    }
  }

  /// One call: its task, its answer as it arrives, and its result, given
  /// to the continuation once.
  // `@unchecked Sendable`: every `var` is read and written under `lock` only.
  private final class Receiver: @unchecked Sendable {
    private let origin: Origin?
    private let limit: Int
    private let credentials: Set<String>
    private let lock = Lock()
    private var task: URLSessionDataTask?
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var response: URLResponse?
    private var body = Data()
    private var cancelled = false
    private var finished = false

    init(origin url: URL?, limit: Int, credentials: Set<String>) {
      origin = url.map(Origin.init)
      self.limit = limit
      self.credentials = credentials
    }

    func start(
      _ task: URLSessionDataTask,
      _ continuation: CheckedContinuation<(Data, URLResponse), any Error>
    ) {
      let cancelled = lock.withLock {
        self.task = task
        self.continuation = continuation
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

    /// Whether to read the body: not when its declared length is over the
    /// limit, which is refused before any byte arrives.
    func accept(_ response: URLResponse) -> Bool {
      lock.withLock { self.response = response }
      guard response.expectedContentLength <= Int64(limit) else {
        stopTooLarge()
        return false
      }
      return true
    }

    func receive(_ data: Data) {
      let over = lock.withLock { () -> Bool in
        guard !finished else { return false }
        guard body.count + data.count <= limit else { return true }
        body.append(data)
        return false
      }
      if over { stopTooLarge() }
    }

    func complete(with error: (any Error)?) {
      let (response, body) = lock.withLock { (self.response, self.body) }
      if let error {
        finish(.failure(error))
      } else if let response {
        finish(.success((body, response)))
      } else {
        finish(.failure(URLError(.badServerResponse)))
      }
    }

    /// Keeps credentials with their origin: a redirect of a request that
    /// carries an `Authorization` header, or a header the endpoint marked as
    /// a credential, to another scheme, host or port is not followed. URLSession would copy the header, and for a 307 or 308
    /// the body too, to the other origin. The task then completes with the
    /// redirect itself, which the client reports as a status error.
    func follows(_ request: URLRequest) -> Bool {
      let carriesCredentials =
        request.allHTTPHeaderFields?.keys.contains {
          credentials.contains($0.lowercased())
        } ?? false
      return !carriesCredentials || request.url.map(Origin.init) == origin
    }

    private func stopTooLarge() {
      finish(
        .failure(
          URLError(
            .dataLengthExceedsMaximum,
            userInfo: [
              NSLocalizedDescriptionKey:
                "The response was larger than the limit of \(limit) bytes, so it was stopped."
            ])))
      // Cancelled through the receiver, which holds the same task: a
      // closure that captured the task would need `URLSessionTask` to be
      // `Sendable`, which only some SDKs declare.
      DispatchQueue.global().async { self.cancel() }
    }

    private func finish(_ result: Result<(Data, URLResponse), any Error>) {
      let continuation = lock.withLock {
        () -> CheckedContinuation<(Data, URLResponse), any Error>? in
        guard !finished else { return nil }
        finished = true
        body = Data()  // the bytes go to the caller, or nowhere
        defer { self.continuation = nil }
        return self.continuation
      }
      continuation?.resume(with: result)
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
}
