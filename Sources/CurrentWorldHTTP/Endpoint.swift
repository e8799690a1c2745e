import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request to a backend API, relative to an ``HTTPClient``'s base URL, built
/// step by step.
///
/// ```swift
/// let endpoint = try Endpoint(.post, "/api/books")
///   .query("page", "2")
///   .header("Accept-Language", "es-AR")
///   .jsonBody(NewBook(title: "Rayuela"))
///   .timeout(10)
///   .authorized()
/// let books = try await client.decode([Book].self, from: endpoint)
/// ```
public struct Endpoint: Sendable, Equatable {
  /// The request method.
  public var method: HTTPMethod
  /// The path, appended to the client's base URL; a leading `/` is optional.
  public var path: String
  /// The query items, in order; each name and value is percent-encoded when
  /// the request is built.
  public var queryItems: [URLQueryItem]
  /// Header fields to send, by name.
  public var headers: [String: String]
  /// The body to send, if any.
  public var body: Data?
  /// Seconds to wait for an answer; `nil` uses the client's timeout.
  public var timeoutInterval: TimeInterval?
  /// Whether the request carries an `Authorization: Bearer` header from the
  /// client's token source.
  public var requiresAuthorization: Bool
  /// The most bytes this endpoint's response body may have; `nil` takes the
  /// client's ``HTTPClient/responseSizeLimit``.
  public var responseSizeLimit: Int?
  /// The names of the headers in ``headers`` that hold credentials, set by
  /// ``credential(_:_:)``, lowercased. Like `Authorization`, they are never
  /// carried to another origin by a redirect, and their values never appear
  /// in an ``APIError``.
  public var credentialHeaders: Set<String>

  /// A request with no query, headers or body.
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - path: The path below the client's base URL.
  public init(_ method: HTTPMethod = .get, _ path: String) {
    self.method = method
    self.path = path
    self.queryItems = []
    self.headers = [:]
    self.body = nil
    self.timeoutInterval = nil
    self.requiresAuthorization = false
    self.responseSizeLimit = nil
    self.credentialHeaders = []
  }

  /// A copy whose response body may have at most `bytes` bytes, counted
  /// after any compression is undone.
  public func limitingResponse(to bytes: Int) -> Endpoint {
    var copy = self
    copy.responseSizeLimit = bytes
    return copy
  }

  /// This endpoint with a query item added.
  public func query(_ name: String, _ value: String?) -> Endpoint {
    var copy = self
    copy.queryItems.append(URLQueryItem(name: name, value: value))
    return copy
  }

  /// This endpoint with a header field set.
  public func header(_ name: String, _ value: String) -> Endpoint {
    var copy = self
    copy.headers[name] = value
    return copy
  }

  /// This endpoint with a header that carries a credential, such as
  /// `X-API-Key`: sent like ``header(_:_:)``, but kept to the base URL's
  /// origin on redirects, as `Authorization` is, and hidden in errors.
  public func credential(_ name: String, _ value: String) -> Endpoint {
    var copy = header(name, value)
    copy.credentialHeaders.insert(name.lowercased())
    return copy
  }

  /// The values of the ``credentialHeaders``, which errors hide.
  var credentialValues: [String] {
    headers.compactMap { credentialHeaders.contains($0.key.lowercased()) ? $0.value : nil }
  }

  /// This endpoint with `value` encoded as its JSON body, and a
  /// `Content-Type: application/json` header.
  ///
  /// The default encoder sorts keys, so the same value is always the same
  /// bytes (on Linux, an encoder that does not sort may write a struct's
  /// keys in another order at each call), and a recording of it never
  /// changes.
  ///
  /// - Throws: ``APIError/invalidRequest(reason:)`` when `value` cannot be
  ///   encoded.
  public func jsonBody<Body: Encodable>(
    _ value: Body,
    encoder: JSONEncoder = Endpoint.sortingEncoder()
  ) throws(APIError) -> Endpoint {
    var copy = self
    do {
      copy.body = try encoder.encode(value)
    } catch {
      throw .invalidRequest(reason: "the body \(Body.self) could not be encoded as JSON: \(error)")
    }
    copy.headers["Content-Type"] = "application/json"
    return copy
  }

  /// A `JSONEncoder` that sorts keys: ``jsonBody(_:encoder:)``'s default.
  public static func sortingEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }

  /// This endpoint with its own timeout.
  public func timeout(_ seconds: TimeInterval) -> Endpoint {
    var copy = self
    copy.timeoutInterval = seconds
    return copy
  }

  /// This endpoint with an `Authorization: Bearer` header from the client's
  /// token source; without a token, sending it fails before anything is sent.
  public func authorized() -> Endpoint {
    var copy = self
    copy.requiresAuthorization = true
    return copy
  }

  /// The URL of this endpoint below `baseURL`, with its query encoded.
  ///
  /// Every character of a query name or value outside the unreserved set
  /// (`A–Z a–z 0–9 - . _ ~`) is percent-encoded as UTF-8, so `&`, `=`, `+`
  /// and spaces arrive as the value they were.
  ///
  /// - Throws: ``APIError/invalidRequest(reason:)`` when no URL results.
  public func url(relativeTo baseURL: URL) throws(APIError) -> URL {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
      throw .invalidRequest(
        reason: "the base URL \(Redaction.url(baseURL).absoluteString) does not parse")
    }
    let basePath = components.percentEncodedPath
    let trimmedBase = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
    let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
    // A dot segment would climb out of the base URL's path once resolved.
    let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard !segments.contains(where: { $0 == "." || $0 == ".." }) else {
      throw .invalidRequest(
        reason: "the path \(path) has a '.' or '..' segment, which would leave the base path")
    }
    guard let encodedPath = relative.addingPercentEncoding(withAllowedCharacters: Self.pathAllowed)
    else {
      throw .invalidRequest(reason: "the path \(path) cannot be percent-encoded")
    }
    components.percentEncodedPath = trimmedBase + "/" + encodedPath
    if !queryItems.isEmpty {
      components.percentEncodedQuery = queryItems.map { item in
        let name = Self.encodeQueryPart(item.name)
        guard let value = item.value else { return name }
        return name + "=" + Self.encodeQueryPart(value)
      }.joined(separator: "&")
    }
    guard let url = components.url else {
      throw .invalidRequest(
        reason: "no URL results from \(Redaction.url(baseURL).absoluteString) and \(path)")
    }
    return url
  }

  /// The `URLRequest` to send: this endpoint below `baseURL`, with
  /// `defaultTimeout` unless it has its own, and `token` as its
  /// authorization when it needs one.
  ///
  /// Nothing that could change the request's meaning on the wire is sent:
  /// the method and every header name must be HTTP tokens, and header
  /// values and the token must hold no CR, LF or NUL. Anything else throws
  /// before a byte leaves, rather than being dropped or passed on.
  ///
  /// - Throws: ``APIError/missingToken(url:)`` when the endpoint needs
  ///   authorization and `token` is `nil` or empty, and
  ///   ``APIError/invalidRequest(reason:)`` when no URL results, when the
  ///   path has a `.` or `..` segment, or when the method, a header or the
  ///   token could be used to inject into the request.
  public func urlRequest(
    baseURL: URL,
    defaultTimeout: TimeInterval,
    token: String?
  ) throws(APIError) -> URLRequest {
    let url = try url(relativeTo: baseURL)
    guard Self.isToken(method.rawValue) else {
      throw .invalidRequest(
        reason: "the method \(method.rawValue.debugDescription) is not an HTTP token")
    }
    var request = URLRequest(url: url, timeoutInterval: timeoutInterval ?? defaultTimeout)
    request.httpMethod = method.rawValue
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      guard Self.isToken(name) else {
        throw .invalidRequest(
          reason: "the header name \(name.debugDescription) is not an HTTP token")
      }
      guard Self.isSafeValue(value) else {
        throw .invalidRequest(reason: "the value of the header \(name) holds CR, LF or NUL")
      }
      request.setValue(value, forHTTPHeaderField: name)
    }
    if requiresAuthorization {
      guard let token, !token.isEmpty else { throw .missingToken(url: Redaction.url(url)) }
      // The token itself is never put in the error: it is a secret.
      guard Self.isSafeValue(token) else {
        throw .invalidRequest(reason: "the authorization token holds CR, LF or NUL")
      }
      request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }
    request.httpBody = body
    return request
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  private static let pathAllowed = unreserved.union(CharacterSet(charactersIn: "/!$'()*,;:@"))

  /// The characters of an HTTP token (RFC 9110, section 5.6.2).
  private static let tokenCharacters = Set(
    "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

  /// Whether `text` is a non-empty HTTP token: a valid method or header name.
  static func isToken(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.allSatisfy(tokenCharacters.contains)
  }

  /// Whether `text` can go in a header value: no CR, LF or NUL, which would
  /// end the header or the request early.
  static func isSafeValue(_ text: String) -> Bool {
    !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
  }

  private static func encodeQueryPart(_ part: String) -> String {
    // Every Swift string can be percent-encoded as UTF-8, so this never fails.
    part.addingPercentEncoding(withAllowedCharacters: unreserved) ?? part
  }
}
