import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a request to a backend API failed.
///
/// Every failure of ``HTTPClient`` is one of these cases, so callers can tell
/// a server that answered badly from one that could not be reached.
///
/// ```swift
/// do {
///   let fact = try await client.decode(CatFact.self, from: Endpoint(.get, "/fact"))
/// } catch APIError.status(404, let url, _, _) {
///   print("nothing at \(url)")
/// } catch {
///   print(error)  // for example: "GET https://catfact.ninja/fact timed out"
/// }
/// ```
public enum APIError: Error, Equatable, CustomStringConvertible {
  /// The request could not be built: a URL that does not parse, or a body
  /// that could not be encoded. Nothing was sent.
  case invalidRequest(reason: String)

  /// The endpoint needs authorization and the client's token source gave no
  /// token. Nothing was sent.
  case missingToken(url: URL)

  /// The server did not answer within the request's timeout.
  case timeout(url: URL)

  /// The request failed below HTTP: the connection was refused or lost, the
  /// host was not found, and so on. `code` is the `URLError` code.
  case transport(url: URL, code: URLError.Code, message: String)

  /// The server answered with a status outside 200–299. `bodyExcerpt` is
  /// the start of its body, decoded leniently as UTF-8. `retryAfter` is how
  /// long a 429 or 503 asked the client to wait (its `Retry-After`, in
  /// seconds or as a date, measured from ``HTTPClient/now``), and `nil`
  /// otherwise.
  case status(code: Int, url: URL, bodyExcerpt: String, retryAfter: Duration? = nil)

  /// The answer was not an HTTP response.
  case invalidResponse(url: URL)

  /// The body was not the JSON that was expected. `codingPath` says where
  /// decoding stopped, such as `results[3].name`; it is empty when the body
  /// is not JSON at all.
  case decoding(type: String, codingPath: String, message: String)

  /// A replay in ``HARMode/replayThrowingMisses`` has no recorded answer
  /// for `request` (`GET /fact?max_length=20`), sent to `url`, in the HAR
  /// file at `file`. Nothing was sent, and no issue was reported: the test
  /// expects it.
  case noRecordedAnswer(url: URL, request: String, file: String)

  /// The longest body excerpt kept in ``status(code:url:bodyExcerpt:retryAfter:)``.
  public static let bodyExcerptLimit = 200

  /// A sentence that says what failed and where.
  public var description: String {
    switch self {
    case .invalidRequest(let reason):
      return "The request could not be built: \(reason)"
    case .missingToken(let url):
      return "Request to \(url.absoluteString) needs authorization, but the client has no token."
    case .timeout(let url):
      return "Request to \(url.absoluteString) timed out."
    case .transport(let url, let code, let message):
      return "Request to \(url.absoluteString) failed (URLError \(code.rawValue)): \(message)"
    case .status(let code, let url, let bodyExcerpt, let retryAfter):
      let body = bodyExcerpt.isEmpty ? "an empty body" : "body: \(bodyExcerpt)"
      let wait = retryAfter.map { " (retry after \($0.components.seconds) seconds)" } ?? ""
      return "Request to \(url.absoluteString) failed with HTTP status \(code)\(wait), \(body)"
    case .invalidResponse(let url):
      return "Request to \(url.absoluteString) got an answer that is not an HTTP response."
    case .noRecordedAnswer(_, let request, let file):
      return "No recorded answer in \(file) matches \(request)."
    case .decoding(let type, let codingPath, let message):
      let place = codingPath.isEmpty ? "" : " at \(codingPath)"
      return "Could not decode \(type)\(place): \(message)"
    }
  }

  /// The error for a request whose task was cancelled: a transport error
  /// with `URLError.Code.cancelled`, whether or not it was sent.
  static func cancelled(url: URL) -> APIError {
    .transport(url: url, code: .cancelled, message: "The task was cancelled.")
  }

  /// The error for an answer larger than `limit` bytes: a transport error
  /// with `URLError.Code.dataLengthExceedsMaximum`, as the live transport
  /// reports it.
  static func tooLarge(url: URL, limit: Int) -> APIError {
    .transport(
      url: url, code: .dataLengthExceedsMaximum,
      message: "The response was larger than the limit of \(limit) bytes, so it was stopped.")
  }

  /// How long a 429 or 503 `response` asks to wait: its `Retry-After`, as
  /// delay-seconds or an HTTP date (measured from `now`); `nil` for other
  /// statuses, and for a header that is neither.
  static func retryAfter(of response: HTTPURLResponse, now: () -> Date) -> Duration? {
    guard response.statusCode == 429 || response.statusCode == 503,
      let value = response.value(forHTTPHeaderField: "Retry-After")?
        .trimmingCharacters(in: .whitespaces)
    else { return nil }
    if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
    // An HTTP date is ASCII (RFC 9110). Anything else is refused before it
    // reaches `DateFormatter`, which in corelibs Foundation stops the
    // process on some text that is not (a combining mark after a digit).
    guard value.utf8.allSatisfy({ $0 < 0x80 }), let date = httpDate().date(from: value)
    else { return nil }
    return .seconds(max(0, Int(date.timeIntervalSince(now()).rounded(.up))))
  }

  /// The IMF-fixdate form of an HTTP date, such as
  /// `Sun, 06 Nov 1994 08:49:37 GMT`. Made per call: only a 429 or 503 with
  /// a date needs one, and a new formatter needs no `Sendable` argument,
  /// which `DateFormatter` has on some platforms and not on others.
  private static func httpDate() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter
  }

  /// The start of `body` as text, with `secrets` hidden before it is cut:
  /// the bytes read reach past the excerpt by the longest secret, so a
  /// secret that straddles the cut is still whole when it is hidden.
  static func excerpt(of body: Data, hiding secrets: [String] = []) -> String {
    let read = bodyExcerptLimit * 4 + (secrets.map(\.utf8.count).max() ?? 0)
    let text = String(decoding: body.prefix(read), as: UTF8.self)
    let hidden = Redaction.text(text, hiding: secrets)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let whole = body.count <= read && hidden.count <= bodyExcerptLimit
    return whole ? hidden : String(hidden.prefix(bodyExcerptLimit)) + "…"
  }

  /// The ``decoding(type:codingPath:message:)`` case for a decoding failure.
  /// A body that echoes a secret (a key, or a value a decoder quotes) has it
  /// hidden in both parts before they are cut.
  static func decoding(_ type: Any.Type, _ error: any Error, hiding secrets: [String] = [])
    -> APIError
  {
    let name = String(describing: type)
    let safe = { (text: String) in Redaction.bounded(Redaction.text(text, hiding: secrets)) }
    guard let error = error as? DecodingError else {
      return .decoding(type: name, codingPath: "", message: safe(String(describing: error)))
    }
    let (path, message): ([any CodingKey], String)
    switch error {
    case .dataCorrupted(let context):
      (path, message) = (context.codingPath, context.debugDescription)
    case .keyNotFound(let key, let context):
      (path, message) = (context.codingPath + [key], "no value for key '\(key.stringValue)'")
    case .typeMismatch(let expected, let context):
      (path, message) = (context.codingPath, "expected \(expected): \(context.debugDescription)")
    case .valueNotFound(let expected, let context):
      (path, message) = (context.codingPath, "expected \(expected), found null")
    @unknown default:
      (path, message) = ([], String(describing: error))
    }
    // A hostile key can be any length: both parts are cut to the excerpt limit.
    return .decoding(
      type: name, codingPath: safe(Self.render(path)),
      message: safe("the JSON has the wrong shape: \(message)"))
  }

  /// `results[3].name` for the coding path results → 3 → name.
  private static func render(_ path: [any CodingKey]) -> String {
    path.reduce(into: "") { text, key in
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
  }
}

extension APIError: LocalizedError {
  /// What went wrong, in the words of ``description``, so that
  /// `localizedDescription` says it too instead of "The operation could
  /// not be completed".
  public var errorDescription: String? { description }
}
