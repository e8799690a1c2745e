import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Compressed bodies as a recording reads them: a body sent with
/// `Content-Encoding: gzip`, `x-gzip` or `deflate` is decoded before its
/// secrets are learned and before it is redacted, and written decoded, as
/// HAR's `content` expects. A body that claims an encoding and does not
/// decode is written as it was, and what its compressed data holds, as far
/// as it decodes, is learned and searched (see ``HARLeakCheck``).
enum ContentCoding {
  /// The most bytes a body inflates to.
  static let limit = Inflate.defaultLimit
  /// The most layers of compression read from a request body.
  private static let layers = 4

  /// Whether a `Content-Encoding` value names a compression read here.
  static func claims(_ encoding: String?) -> Bool {
    guard let encoding else { return false }
    return encoding.lowercased().split(separator: ",").contains {
      ["gzip", "x-gzip", "deflate"].contains($0.trimmingCharacters(in: .whitespaces))
    }
  }

  /// A request's body as a recording writes and matches it: decoded when
  /// it claims compression or starts with gzip's magic bytes, layer by
  /// layer, so that a body written decoded reads the same again; `nil`
  /// when nothing decodes.
  static func decodedRequestBody(_ body: Data, encoding: String?) -> Data? {
    var bytes = [UInt8](body)
    var claimed = claims(encoding)
    var decoded = false
    for _ in 0..<layers {
      guard let inner = layer(bytes, claimed: claimed) else { break }
      (bytes, claimed, decoded) = (inner, false, true)
    }
    return decoded ? Data(bytes) : nil
  }

  /// An answer's body as a recording writes it: decoded once when its
  /// `Content-Encoding` claims compression and it is still compressed;
  /// `nil` otherwise (a session that decoded it already, most often).
  static func decodedResponseBody(_ body: Data, encoding: String?) -> Data? {
    guard claims(encoding) else { return nil }
    return layer([UInt8](body), claimed: true).map { Data($0) }
  }

  /// One layer of compression undone: gzip by its magic bytes, and when
  /// `claimed`, zlib by its header or else raw deflate; never text, which
  /// compressed data is not (a client that names gzip and sends plain
  /// JSON).
  private static func layer(_ bytes: [UInt8], claimed: Bool) -> [UInt8]? {
    if bytes.starts(with: [0x1F, 0x8B]) { return Inflate.gzip(bytes, limit: limit) }
    guard claimed, String(data: Data(bytes), encoding: .utf8) == nil else { return nil }
    return Inflate.isZlibHeader(bytes)
      ? Inflate.zlib(bytes, limit: limit) : Inflate.raw(bytes, limit: limit)
  }

  /// What a recording reads a body's secrets from: the decoded body when
  /// there is one; else the body, and for bytes that are not text, what
  /// their compressed data holds as far as it decodes.
  static func readable(_ body: Data, decoded: Data?, encoding: String?) -> [Data] {
    if let decoded { return [decoded] }
    guard String(data: body, encoding: .utf8) == nil,
      let salvaged = Inflate.salvage([UInt8](body), limit: limit, tryRaw: claims(encoding))
    else { return [body] }
    return [body, Data(salvaged.bytes)]
  }

  /// The request's `Content-Encoding`.
  static func encoding(of request: URLRequest) -> String? {
    request.value(forHTTPHeaderField: "Content-Encoding")
  }

  /// The answer's `Content-Encoding`.
  static func encoding(of response: URLResponse) -> String? {
    (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
  }
}
