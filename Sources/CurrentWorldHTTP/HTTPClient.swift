internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A small HTTP client for JSON APIs: a base URL, a token source, and a
/// transport closure that tests can replace.
///
/// Every failure is an ``APIError``, and errors carry no secrets (URL user
/// info, sensitive query values and the token are hidden). The client
/// refuses header injection before sending, never follows a redirect that
/// would take `Authorization` to another origin, stops a body larger than
/// ``responseSizeLimit`` as it streams, and times out on ``clock`` whatever
/// the transport does. Its clock and date are `Current`'s unless it is given
/// others, so a test's world controls them with no wiring.
///
/// ```swift
/// let client = HTTPClient.live(baseURL: URL(string: "https://catfact.ninja")!)
/// let fact = try await client.decode(CatFact.self, from: Endpoint(.get, "/fact"))
///
/// // In a test, answer without a network:
/// let stub = HTTPClient(baseURL: URL(string: "https://example.com")!) { request in
///   (Data(#"{"fact":"Cats purr.","length":10}"#.utf8),
///    HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
/// }
/// ```
public struct HTTPClient: Sendable {
  /// The URL that endpoint paths are appended to.
  public var baseURL: URL
  /// Seconds to wait for an answer when an endpoint sets no timeout.
  public var timeout: TimeInterval
  /// The most bytes a response body may have when an endpoint sets no limit
  /// of its own, counted after gzip or deflate is undone.
  ///
  /// A larger answer fails with ``APIError/transport(url:code:message:)``
  /// and the code `URLError.Code.dataLengthExceedsMaximum`.
  public var responseSizeLimit = HTTPClient.defaultResponseSizeLimit

  /// 30 seconds: the default ``timeout``.
  public static let defaultTimeout: TimeInterval = 30

  /// 10 MiB: the default ``responseSizeLimit``.
  public static let defaultResponseSizeLimit = 10 * 1024 * 1024

  /// Gives the token for ``Endpoint/authorized()`` endpoints, or `nil` when
  /// there is none.
  public var token: @Sendable () async -> String?
  /// Sends a request and returns the body and response; the live client uses
  /// `URLSession`.
  public var transport: @Sendable (URLRequest) async throws -> (Data, URLResponse) {
    didSet { replay = nil }
  }
  /// The HAR file that ``transport`` answers from, set by `replaying`, and
  /// forgotten when the transport is replaced.
  var replay: HARTransport?
  /// The headers that the live client's session adds to every request
  /// (its configuration's `httpAdditionalHeaders`), which a recording
  /// learns as secrets: the request it sees does not show them.
  var sessionHeaders: [String: String] = [:]
  /// Gives the clock that a call's timeout sleeps on, read once per call;
  /// `Current.clock` by default, so a test's clock decides when time is up
  /// with no wiring.
  ///
  /// In a test world whose clock the test never set, the timeout waits
  /// until the call ends and never fires: a timeout the test did not ask
  /// for is not its mistake.
  public var clock: @Sendable () -> any Clock<Duration>
  /// Gives the current date, from which a `Retry-After` HTTP date is
  /// measured; `Current.date()` by default.
  public var now: @Sendable () -> Date

  /// A client from its parts; tests pass a `transport` that answers without
  /// a network.
  ///
  /// - Parameters:
  ///   - baseURL: The URL that endpoint paths are appended to.
  ///   - timeout: Seconds to wait when an endpoint sets no timeout.
  ///   - token: Gives the token for authorized endpoints.
  ///   - clock: Gives the clock that timeouts sleep on; `Current.clock` by
  ///     default (see ``clock``).
  ///   - now: Gives the current date; `Current.date()` by default (see
  ///     ``now``).
  ///   - transport: Sends a request.
  public init(
    baseURL: URL,
    timeout: TimeInterval = defaultTimeout,
    token: @escaping @Sendable () async -> String? = { nil },
    clock: @escaping @Sendable () -> any Clock<Duration> = { HTTPClient.worldClock() },
    now: @escaping @Sendable () -> Date = { HTTPClient.worldNow() },
    transport: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)
  ) {
    self.baseURL = baseURL
    self.timeout = timeout
    self.token = token
    self.clock = clock
    self.now = now
    self.transport = transport
  }

  /// A client that sends requests with `configuration`: its cookies,
  /// caches, headers and protocol classes.
  ///
  /// The client sends through a session of its own, made from a copy of
  /// `configuration` at its first request, because it streams each answer
  /// through a delegate of its own.
  ///
  /// - Parameters:
  ///   - baseURL: The URL that endpoint paths are appended to.
  ///   - configuration: The requests' configuration, copied; later changes
  ///     to it do not reach the client.
  ///   - timeout: Seconds to wait when an endpoint sets no timeout.
  ///   - token: Gives the token for authorized endpoints.
  ///   - clock: Gives the clock that timeouts sleep on; `Current.clock` by
  ///     default (see ``clock``).
  ///   - now: Gives the current date; `Current.date()` by default (see
  ///     ``now``).
  public static func live(
    baseURL: URL,
    configuration: URLSessionConfiguration = .default,
    timeout: TimeInterval = defaultTimeout,
    token: @escaping @Sendable () async -> String? = { nil },
    clock: @escaping @Sendable () -> any Clock<Duration> = { HTTPClient.worldClock() },
    now: @escaping @Sendable () -> Date = { HTTPClient.worldNow() }
  ) -> HTTPClient {
    let transport = SessionTransport(configuration: configuration)
    var client = HTTPClient(
      baseURL: baseURL, timeout: timeout, token: token, clock: clock, now: now
    ) { request in try await transport.send(request) }
    client.sessionHeaders = HARTransport.sessionHeaders(of: configuration)
    return client
  }

  /// Sends `endpoint` and returns the body of a 2xx answer.
  ///
  /// - Throws: An ``APIError`` for every failure.
  public func data(for endpoint: Endpoint) async throws(APIError) -> Data {
    try await exchange(endpoint).data
  }

  /// Sends `endpoint` and returns the body of a 2xx answer, with the
  /// secrets the call sent, for a decoding error to hide.
  private func exchange(_ endpoint: Endpoint) async throws(APIError) -> (
    data: Data, secrets: [String]
  ) {
    // Every error carries this URL: without user info or secret query values.
    let url = Redaction.url(try endpoint.url(relativeTo: baseURL))
    let token = TokenRecord(credentials: endpoint.credentialValues)
    let limit = endpoint.responseSizeLimit ?? responseSizeLimit
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await SessionTransport.$responseSizeLimit.withValue(limit) {
        try await SessionTransport.$credentialHeaders.withValue(endpoint.credentialHeaders) {
          try await send(endpoint, to: url, recordingTokenIn: token)
        }
      }
    } catch let error as APIError {
      throw error
    } catch let error as URLError where error.code == .timedOut {
      throw .timeout(url: url)
    } catch let error as URLError {
      throw .transport(
        url: url, code: error.code,
        message: Redaction.bounded(
          Redaction.text(error.localizedDescription, hiding: token.secrets)))
    } catch is CancellationError {
      throw .cancelled(url: url)
    } catch {
      throw .transport(
        url: url, code: .unknown,
        message: Redaction.bounded(Redaction.text(String(describing: error), hiding: token.secrets))
      )
    }
    // The live transport stops an answer over the limit as it streams; a
    // transport of your own is held to it here.
    guard data.count <= limit else { throw .tooLarge(url: url, limit: limit) }
    guard let http = response as? HTTPURLResponse else {
      throw .invalidResponse(url: url)
    }
    guard (200..<300).contains(http.statusCode) else {
      // A body that echoes the request keeps the token out of the error.
      throw .status(
        code: http.statusCode, url: url,
        bodyExcerpt: APIError.excerpt(of: data, hiding: token.secrets),
        retryAfter: APIError.retryAfter(of: http, now: now))
    }
    return (data, token.secrets)
  }

  /// Fetches the token, builds the request and runs the transport, and
  /// throws ``APIError/timeout(url:)`` once the endpoint's timeout has passed
  /// on ``clock``, whether or not the token source or the transport
  /// has stopped: `URLSession` on Linux does not honour
  /// `URLRequest.timeoutInterval`, a stubbed transport may ignore
  /// cancellation, and a test's `TestClock` decides when the time is up.
  /// A timeout that is not positive, or is infinite, sets no deadline.
  private func send(_ endpoint: Endpoint, to url: URL, recordingTokenIn record: TokenRecord)
    async throws -> (Data, URLResponse)
  {
    let client = self
    let work: @Sendable () async throws -> (Data, URLResponse) = {
      let token = endpoint.requiresAuthorization ? await client.token() : nil
      record.store(token)
      let request = try endpoint.urlRequest(
        baseURL: client.baseURL, defaultTimeout: client.timeout, token: token)
      // Checked after the token and last thing before the transport: a
      // cancelled call sends nothing.
      try Task.checkCancellation()
      // A recording learns the token it sent from here, so the token
      // source is asked once per request.
      return try await TokenInUse.$fetched.withValue(
        endpoint.requiresAuthorization ? .some(token) : nil
      ) { try await client.transport(request) }
    }
    let seconds = endpoint.timeoutInterval ?? timeout
    // No positive, finite timeout means no deadline of ours.
    guard seconds > 0, seconds < 1e9 else { return try await work() }
    // A replay answers at once, so a replayed call with no token to wait
    // for has nothing to time out, and skips the race's two tasks.
    if !endpoint.requiresAuthorization, let replay, replay.answersAtOnce {
      return try await work()
    }
    let clock = self.clock()
    return try await Deadline.race(
      transport: work,
      against: { try await clock.sleep(for: .seconds(seconds)) },
      timeout: APIError.timeout(url: url))
  }

  /// Sends `endpoint` and decodes the JSON body of a 2xx answer.
  ///
  /// - Throws: An ``APIError`` for every failure; a body that does not
  ///   decode is ``APIError/decoding(type:codingPath:message:)``.
  public func decode<Value: Decodable>(
    _ type: Value.Type = Value.self,
    from endpoint: Endpoint,
    decoder: JSONDecoder = JSONDecoder()
  ) async throws(APIError) -> Value {
    let (data, secrets) = try await exchange(endpoint)
    // A 2xx body that echoes the token (a login page, a debugging proxy)
    // must not show it in the decoding error.
    return try Self.decode(type, from: data, decoder: decoder, hiding: secrets)
  }

  /// Decodes `data` as JSON, turning every failure into
  /// ``APIError/decoding(type:codingPath:message:)``.
  public static func decode<Value: Decodable>(
    _ type: Value.Type = Value.self,
    from data: Data,
    decoder: JSONDecoder = JSONDecoder()
  ) throws(APIError) -> Value {
    try decode(type, from: data, decoder: decoder, hiding: [])
  }

  /// ``decode(_:from:decoder:)``, hiding `secrets` wherever the error
  /// would show the body.
  private static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, decoder: JSONDecoder, hiding secrets: [String]
  ) throws(APIError) -> Value {
    do {
      return try decoder.decode(Value.self, from: data)
    } catch {
      // The faults a caller reacts to differently are told apart: nothing
      // came, bytes that are not text, text that is not JSON; anything else
      // is JSON of the wrong shape. Only a failed decode pays for this.
      let name = String(describing: Value.self)
      if data.isEmpty {
        throw APIError.decoding(type: name, codingPath: "", message: "the body is empty")
      }
      if String(data: data, encoding: .utf8) == nil {
        throw APIError.decoding(type: name, codingPath: "", message: "the body is not valid UTF-8")
      }
      if (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) == nil {
        throw APIError.decoding(
          type: name, codingPath: "",
          message: "the body is not JSON: \(APIError.excerpt(of: data, hiding: secrets))")
      }
      throw APIError.decoding(Value.self, error, hiding: secrets)
    }
  }
}

/// The token a call used and its credential headers' values, kept so that
/// its errors can hide them.
private final class TokenRecord: Sendable {
  private let token = Locked<String?>(nil)
  private let credentials: [String]

  init(credentials: [String]) {
    self.credentials = credentials
  }

  func store(_ value: String?) {
    token.withLock { $0 = value }
  }

  /// The strings to hide: the token, if there was one, and the credentials.
  var secrets: [String] { (token.withLock { $0 }.map { [$0] } ?? []) + credentials }
}
