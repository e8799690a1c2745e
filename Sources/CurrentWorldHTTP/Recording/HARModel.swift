import Foundation

/// The parts of a HAR 1.2 file (the W3C draft that browsers' developer
/// tools, proxies and Playwright export) that a replay reads and a
/// recording writes. Everything else a browser writes (pages, initiators,
/// `_`-prefixed fields, cookies' attributes) is read past and never kept.
///
/// Only the method, URL and status are required when reading, so a file
/// that a tool trimmed still replays; a recording writes every field that
/// the specification requires.
enum HAR {
  struct Document: Codable, Equatable {
    var log: Log
  }

  struct Log: Codable, Equatable {
    var version: String?
    var creator: Creator?
    var entries: [Entry]
  }

  struct Creator: Codable, Equatable {
    var name: String
    var version: String
  }

  struct Entry: Codable, Equatable {
    var startedDateTime: String?
    var time: Double?
    var request: Request
    var response: Response
    var cache: Cache?
    var timings: Timings?
  }

  struct Request: Codable, Equatable {
    var method: String
    var url: String
    var httpVersion: String?
    var cookies: [NameValue]?
    var headers: [NameValue]?
    var queryString: [NameValue]?
    var postData: PostData?
    var headersSize: Int?
    var bodySize: Int?
  }

  struct PostData: Codable, Equatable {
    var mimeType: String?
    var text: String?
    /// Not in HAR 1.2's `postData`, but written by some tools, and by a
    /// recording for a body that is not UTF-8 text, as `content` has it.
    var encoding: String?
  }

  struct Response: Codable, Equatable {
    var status: Int
    var statusText: String?
    var httpVersion: String?
    var cookies: [NameValue]?
    var headers: [NameValue]?
    var content: Content?
    var redirectURL: String?
    var headersSize: Int?
    var bodySize: Int?
    /// Why a request got no answer (status 0), in HAR's custom `_error`
    /// field, as browsers write it: a recording writes the `URLError`'s
    /// domain and code, `NSURLErrorDomain -1004`.
    var error: String?

    enum CodingKeys: String, CodingKey {
      case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize
      case bodySize
      case error = "_error"
    }
  }

  struct Content: Codable, Equatable {
    /// The body's length once decoded: a browser stores the text after
    /// undoing gzip, and says so with `compression`.
    var size: Int?
    var compression: Int?
    var mimeType: String?
    var text: String?
    var encoding: String?
  }

  /// A name and a value: a header, a query item, a cookie.
  struct NameValue: Codable, Equatable {
    var name: String
    var value: String
  }

  /// Always empty in a recording: nothing is cached.
  struct Cache: Codable, Equatable {}

  struct Timings: Codable, Equatable {
    var send: Double?
    var wait: Double?
    var receive: Double?
  }

  /// `document` as a recording writes it: keys sorted, two-space indents,
  /// slashes unescaped, and a final newline, so that recording the same
  /// answers again writes the same bytes.
  static func encode(_ document: Document) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Every member is a string, a number, an array or an object, so the
    // encoder has no failure to report.
    var data = (try? encoder.encode(document)) ?? Data()
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// Reads a document, naming the place of the first thing wrong in it.
  static func decode(_ data: Data, source: String) throws(HARError) -> Document {
    do {
      return try JSONDecoder().decode(Document.self, from: data)
    } catch let error as DecodingError {
      throw HARError(file: source, reason: describe(error))
    } catch {
      throw HARError(file: source, reason: "it is not JSON (\(error.localizedDescription))")
    }
  }

  /// What a decoding error says, with its place as `log.entries[2].response`.
  private static func describe(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      let text = path.reduce("") { text, key in
        if let index = key.intValue { return text + "[\(index)]" }
        return text.isEmpty ? key.stringValue : text + "." + key.stringValue
      }
      return text.isEmpty ? "the top level" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(place(context.codingPath + [key])) is missing"
    case .typeMismatch(let type, let context):
      return "\(place(context.codingPath)) is not \(article(type))"
    case .valueNotFound(let type, let context):
      return "\(place(context.codingPath)) is null, not \(article(type))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "it is not JSON" : "\(place(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "it is not a HAR file"
    }
  }

  private static func article(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "a whole number"
    case is Double.Type: "a number"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }
}
