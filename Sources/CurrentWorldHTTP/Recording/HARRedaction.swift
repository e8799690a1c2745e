import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a recording replaces with `REDACTED` before it writes a file,
/// besides what it always replaces.
///
/// Always replaced: the values of `Authorization`, `Proxy-Authorization`,
/// `Cookie` and `Set-Cookie`, and of every header an endpoint marked with
/// ``Endpoint/credential(_:_:)``; the client's token wherever it appears
/// (URL, headers, bodies); URL user info; and the query items that errors
/// hide too (`token`, `api_key`, `password` and the like). A replay
/// redacts each request the same way before matching it, so a test's token
/// never has to equal the recorded one.
///
/// ```swift
/// let client = api.replaying(
///   "Fixtures/login.har", redacting: HARRedaction(queryItems: ["device"], jsonFields: ["refreshToken"]))
/// ```
public struct HARRedaction: Sendable, Equatable {
  /// More header names whose values are replaced, compared without case.
  public var headers: Set<String>
  /// More query item names whose values are replaced, compared without case.
  public var queryItems: Set<String>
  /// JSON object keys whose values are replaced at any depth, in request
  /// and response bodies, compared without case.
  public var jsonFields: Set<String>

  /// The header names whose values a recording always replaces.
  public static let alwaysRedactedHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie",
  ]

  /// A redaction of the given names, besides those always replaced.
  public init(headers: Set<String> = [], queryItems: Set<String> = [], jsonFields: Set<String> = [])
  {
    self.headers = headers
    self.queryItems = queryItems
    self.jsonFields = jsonFields
  }

  /// A request's or answer's secrets, hidden the way a file holds them.
  struct Applied: Sendable {
    let headerNames: Set<String>
    let queryNames: Set<String>
    let fieldNames: Set<String>
    /// Values to replace wherever they appear.
    let secrets: [String]

    /// - Parameters:
    ///   - secrets: Values to replace wherever they appear.
    ///   - request: A request whose redacted values (headers, query items,
    ///     JSON fields) are replaced wherever they appear too, so that an
    ///     answer that echoes one does not write it.
    init(
      _ redaction: HARRedaction, credentialHeaders: Set<String>, secrets: [String],
      request: URLRequest? = nil
    ) {
      let headerNames = Set(
        (redaction.headers.union(credentialHeaders)).map { $0.lowercased() }
      )
      .union(HARRedaction.alwaysRedactedHeaders)
      let queryNames = Set(redaction.queryItems.map { $0.lowercased() })
        .union(Redaction.sensitiveNames)
      let fieldNames = Set(redaction.jsonFields.map { $0.lowercased() })
      (self.headerNames, self.queryNames, self.fieldNames) = (headerNames, queryNames, fieldNames)
      var secrets = secrets
      if let request {
        for (name, value) in request.allHTTPHeaderFields ?? [:]
        where headerNames.contains(name.lowercased()) {
          secrets.append(value)
          // `Bearer abc`: the credential alone may appear elsewhere.
          if let space = value.firstIndex(of: " ") {
            secrets.append(String(value[value.index(after: space)...]))
          }
        }
        let items =
          request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }?
          .queryItems ?? []
        secrets += items.filter { queryNames.contains($0.name.lowercased()) }.compactMap(\.value)
        if !fieldNames.isEmpty, let body = request.httpBody,
          let json = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed)
        {
          secrets += Self.values(named: fieldNames, in: json)
        }
      }
      self.secrets = Array(Set(secrets.filter { $0.count >= 4 })).sorted {
        ($0.count, $0) > ($1.count, $1)
      }
    }

    /// The string and number values of the fields named `names`, at any depth.
    private static func values(named names: Set<String>, in json: Any) -> [String] {
      if let object = json as? [String: Any] {
        return object.flatMap { key, value -> [String] in
          guard names.contains(key.lowercased()) else { return values(named: names, in: value) }
          if let text = value as? String { return [text] }
          if let number = value as? NSNumber { return ["\(number)"] }
          return []
        }
      }
      if let array = json as? [Any] { return array.flatMap { values(named: names, in: $0) } }
      return []
    }

    /// `url` as errors show it (see `Redaction.url(_:hiding:)`), with the
    /// named query values hidden too, and secrets replaced; `url` itself
    /// when nothing is.
    func url(_ url: URL) -> URL {
      var redacted = Redaction.url(url, hiding: queryNames)
      if !secrets.isEmpty {
        let text = self.text(redacted.absoluteString)
        if text != redacted.absoluteString { redacted = URL(string: text) ?? redacted }
      }
      return redacted
    }

    /// A header's value as a file holds it.
    func header(_ name: String, _ value: String) -> String {
      headerNames.contains(name.lowercased()) ? Redaction.marker : text(value)
    }

    /// A body with named JSON fields and secrets replaced; bytes that are
    /// not UTF-8 text are kept as they are.
    func body(_ data: Data) -> Data {
      var data = data
      if !fieldNames.isEmpty,
        let json = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
      {
        var changed = false
        let redacted = replacingFields(in: json, changed: &changed)
        if changed,
          let encoded = try? JSONSerialization.data(
            withJSONObject: redacted,
            options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        {
          data = encoded
        }
      }
      guard !secrets.isEmpty, let string = String(data: data, encoding: .utf8) else { return data }
      return Data(text(string).utf8)
    }

    func text(_ string: String) -> String {
      secrets.reduce(string) { $0.replacingOccurrences(of: $1, with: Redaction.marker) }
    }

    private func replacingFields(in json: Any, changed: inout Bool) -> Any {
      if let object = json as? [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in object {
          if fieldNames.contains(key.lowercased()) {
            result[key] = Redaction.marker
            changed = true
          } else {
            result[key] = replacingFields(in: value, changed: &changed)
          }
        }
        return result
      }
      if let array = json as? [Any] {
        return array.map { replacingFields(in: $0, changed: &changed) }
      }
      return json
    }
  }
}
