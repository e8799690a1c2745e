import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The exchanges of a HAR 1.2 file, read and checked: what a client made
/// with ``HTTPClient/replaying(_:fileID:filePath:line:column:)`` and
/// ``Recording/archive(_:redacting:strict:)`` answers from.
///
/// Files that browsers' developer tools, Proxyman, Charles and Playwright
/// export read as they are: pages, timings, cache and `_`-prefixed fields
/// are read past, and a body a browser stored decompressed (with
/// `compression` set) replays without its `Content-Encoding`.
///
/// ```swift
/// let archive = try HTTPArchive(contentsOf: Bundle.module.url(forResource: "catfact", withExtension: "har")!)
/// ```
public struct HTTPArchive: Sendable {
  /// The exchanges, in the file's order.
  let entries: [Exchange]

  /// How many exchanges the file holds.
  public var count: Int { entries.count }

  /// Reads a HAR file.
  ///
  /// - Throws: A ``HARError`` naming the file and what is wrong in it.
  public init(contentsOf file: URL) throws(HARError) {
    let data: Data
    do {
      data = try Data(contentsOf: file)
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: file.path)
        ? "it cannot be read (\(error.localizedDescription))" : "there is no file at this path"
      throw HARError(file: file.path, reason: reason)
    }
    try self.init(data: data, source: file.path)
  }

  /// Reads HAR data.
  ///
  /// - Parameters:
  ///   - data: The JSON of a HAR file.
  ///   - source: What errors name as the file.
  /// - Throws: A ``HARError`` naming `source` and what is wrong.
  public init(data: Data, source: String = "HAR data") throws(HARError) {
    let document = try HAR.decode(data, source: source)
    var entries: [Exchange] = []
    entries.reserveCapacity(document.log.entries.count)
    for (index, entry) in document.log.entries.enumerated() {
      do {
        entries.append(try Exchange(entry))
      } catch let problem {
        throw HARError(file: source, reason: "log.entries[\(index)].\(problem.reason)")
      }
    }
    self.entries = entries
  }

  /// One recorded request and the answer to it, with the body decoded.
  struct Exchange: Sendable {
    var method: String
    var url: URL
    var requestBody: Data
    var status: Int
    /// The answer's header fields as a replay gives them: without
    /// `Content-Encoding`, `Content-Length` and `Transfer-Encoding`, which
    /// described the bytes on the wire, not the decoded body kept here.
    var headers: [String: String]
    var body: Data
    /// For an entry with no answer (status 0), the `URLError` it was
    /// recorded with, when its `_error` names one.
    var failure: URLError.Code?

    /// What is wrong with an entry, from the entry's own fields.
    struct Problem: Error {
      var reason: String
    }

    init(_ entry: HAR.Entry) throws(Problem) {
      method = entry.request.method.uppercased()
      guard !method.isEmpty, method.allSatisfy({ $0.isLetter || $0 == "-" }) else {
        throw Problem(reason: "request.method \"\(entry.request.method)\" is not a method")
      }
      guard let url = URL(string: entry.request.url), url.scheme != nil else {
        throw Problem(reason: "request.url \"\(entry.request.url)\" is not an absolute URL")
      }
      self.url = url
      requestBody = try Self.body(
        entry.request.postData?.text, entry.request.postData?.encoding, at: "request.postData")
      status = entry.response.status
      guard status == 0 || (100...999).contains(status) else {
        throw Problem(reason: "response.status \(status) is not an HTTP status")
      }
      body = try Self.body(
        entry.response.content?.text, entry.response.content?.encoding, at: "response.content")
      var headers: [String: String] = [:]
      for header in entry.response.headers ?? [] {
        let name = header.name.lowercased()
        guard !["content-encoding", "content-length", "transfer-encoding"].contains(name) else {
          continue
        }
        // Repeated fields join as HTTP allows; names keep the file's case.
        if let key = headers.keys.first(where: { $0.lowercased() == name }) {
          headers[key, default: ""] += ", " + header.value
        } else {
          headers[header.name] = header.value
        }
      }
      self.headers = headers
      failure = Self.failure(status == 0 ? entry.response.error : nil)
    }

    /// The `URLError` code of an `_error` a recording wrote:
    /// `NSURLErrorDomain -1004`; `nil` for anything else (a browser's
    /// `net::ERR_…`).
    static func failure(_ error: String?) -> URLError.Code? {
      guard let error, error.hasPrefix(domain + " "),
        let code = Int(error.dropFirst(domain.count + 1))
      else { return nil }
      return URLError.Code(rawValue: code)
    }

    /// The domain that a recorded failure's `_error` names.
    static let domain = "NSURLErrorDomain"

    private static func body(_ text: String?, _ encoding: String?, at place: String) throws(Problem)
      -> Data
    {
      guard let text else { return Data() }
      switch encoding?.lowercased() {
      case nil, "":
        return Data(text.utf8)
      case "base64":
        guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
          throw Problem(reason: "\(place).text is not valid base64")
        }
        return data
      case let other?:
        throw Problem(reason: "\(place).encoding \"\(other)\" is not base64")
      }
    }
  }
}

/// A HAR file that cannot be replayed: which file, and what is wrong.
///
/// ```swift
/// do {
///   _ = try HTTPArchive(contentsOf: file)
/// } catch {
///   // error.reason == "log.entries[2].response.status is missing"
///   showAlert("\(error.file) cannot be replayed: \(error.reason)")
/// }
/// ```
public struct HARError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file's path, or what read the data named it.
  public var file: String
  /// What is wrong, placed by its JSON path: `log.entries[2].response.status is missing`.
  public var reason: String

  /// An error from its parts.
  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }

  /// `"\(file): \(reason)"`.
  public var description: String { "\(file): \(reason)" }
}
