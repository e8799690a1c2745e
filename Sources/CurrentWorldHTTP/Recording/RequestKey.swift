import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a replay matches a request by, once redacted: the method, the URL's
/// path, the query in any order, and the body (decoded when compressed,
/// JSON compared by value).
/// The scheme and host are not compared, so a recording answers a client
/// whose base URL points elsewhere.
struct RequestKey: Equatable, Sendable {
  var method: String
  var path: String
  /// `name=value` pairs, decoded and sorted.
  var query: [String]
  var body: Data
  /// Whether the body was out of sight, as an upload task's is to a
  /// `URLProtocol`: such a request matches a recorded one whatever its
  /// body.
  var bodyUnseen = false
  /// How messages show the request: `GET /fact?max_length=20`.
  var summary: String

  /// The key of a request with `body`, compressed as `encoding` (its
  /// `Content-Encoding`) says or by its magic bytes: compared decoded, as
  /// a recording writes it (see ``ContentCoding``).
  init(
    method: String, url: URL, body: Data, encoding: String? = nil, redaction: HARRedactor,
    bodyUnseen: Bool = false
  ) {
    self.bodyUnseen = bodyUnseen
    let url = redaction.url(url)
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    self.method = method.uppercased()
    let path = components?.percentEncodedPath ?? url.path
    self.path = path.isEmpty ? "/" : path
    query = (components?.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted()
    let body = redaction.body(
      ContentCoding.decodedRequestBody(body, encoding: encoding) ?? body)
    self.body = Self.normalized(body)
    let rawQuery = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
    let size =
      bodyUnseen
      ? " with a body out of sight" : body.isEmpty ? "" : " with a body of \(body.count) bytes"
    summary = "\(self.method) \(self.path)\(rawQuery)\(size)"
  }

  /// The method and path: where a replay looks for a request's answers.
  var route: String { "\(method) \(path)" }

  /// Whether two requests match; the summaries, which keep the query's
  /// order, are not compared.
  static func == (lhs: RequestKey, rhs: RequestKey) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query
      && (lhs.body == rhs.body || lhs.bodyUnseen || rhs.bodyUnseen)
  }

  /// JSON as sorted, compact bytes, so that key order and spacing never
  /// decide a match; anything else as it is.
  static func normalized(_ body: Data) -> Data {
    guard let first = body.first(where: { !$0.isASCIIWhitespace }),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
      let json = try? JSONSerialization.jsonObject(with: body),
      let data = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    else { return body }
    return data
  }

  /// How far `other` is from this request, and what differs: a method
  /// differs most, then the path, then the query and the body.
  func difference(from other: RequestKey) -> (distance: Int, parts: [String]) {
    var distance = 0
    var parts: [String] = []
    if method != other.method {
      distance += 8
      parts.append("method")
    }
    if path != other.path {
      distance += 4
      parts.append("path")
    }
    if query != other.query {
      distance += 2
      parts.append("query")
    }
    if body != other.body && !bodyUnseen {
      distance += 1
      parts.append("body")
    }
    return (distance, parts)
  }
}

extension UInt8 {
  fileprivate var isASCIIWhitespace: Bool {
    self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09
  }
}
