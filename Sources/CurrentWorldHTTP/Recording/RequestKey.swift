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
    self.body = Self.withoutBoundary(Self.normalized(body))
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
    lhs.method == rhs.method && lhs.pathMatches(rhs) && lhs.query == rhs.query
      && (lhs.body == rhs.body || lhs.bodyUnseen || rhs.bodyUnseen)
  }

  /// Whether the paths are the same, a hidden segment (`REDACTED`, as a
  /// recording writes a secret it learned) matching any: a replay does not
  /// know that a segment is secret before a later request shows it.
  func pathMatches(_ other: RequestKey) -> Bool {
    guard path != other.path else { return true }
    guard hasHiddenSegment || other.hasHiddenSegment else { return false }
    let mine = path.split(separator: "/", omittingEmptySubsequences: false)
    let theirs = other.path.split(separator: "/", omittingEmptySubsequences: false)
    return mine.count == theirs.count
      && zip(mine, theirs).allSatisfy { $0 == $1 || $0 == marker || $1 == marker }
  }

  /// Whether a segment of the path is hidden.
  var hasHiddenSegment: Bool {
    path.split(separator: "/").contains { $0 == marker }
  }

  private var marker: Substring { Substring(HARRedactor.marker) }

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

  /// A multipart body with its boundary, which a client makes afresh for
  /// each request, replaced by one fixed word; anything else as it is.
  static func withoutBoundary(_ body: Data) -> Data {
    let bytes = Array(body.prefix(80))
    guard bytes.starts(with: Array("--".utf8)),
      let end = bytes.firstIndex(of: UInt8(ascii: "\r")), end > 2
    else { return body }
    let boundary = bytes[2..<end]
    // RFC 2046's characters, so that a body that only looks like one is
    // left alone.
    let allowed = Set("'()+_,-./:=? ".utf8).union(Array("0123456789".utf8))
    guard
      boundary.allSatisfy({ allowed.contains($0) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) })
    else { return body }
    return Data(Self.replacing(Array(boundary), in: Array(body), with: Array("BOUNDARY".utf8)))
  }

  /// `bytes` with every occurrence of `old` replaced by `new`.
  private static func replacing(_ old: [UInt8], in bytes: [UInt8], with new: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == old[0], bytes[index...].starts(with: old) {
        result += new
        index += old.count
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
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
    if !pathMatches(other) {
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
