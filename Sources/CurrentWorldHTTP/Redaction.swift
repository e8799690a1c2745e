import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Keeps secrets out of errors: every URL an ``APIError`` carries has its
/// user info removed and the values of secret query items replaced, and
/// the client's own token is replaced wherever a body excerpt echoes it.
///
/// The error stores the redacted URL itself, not a redacted rendering, so
/// `description`, interpolation, `String(describing:)` and `dump` all show
/// the same safe text.
enum Redaction {
  /// What replaces a secret.
  static let marker = "REDACTED"

  /// `request`'s method and URL, redacted as ``url(_:)`` redacts: how a
  /// note on standard error names a request.
  static func named(_ request: URLRequest) -> String {
    "\(request.httpMethod ?? "GET") \(request.url.map { url($0).absoluteString } ?? "")"
  }

  /// `url` without user info, and with the values of the query items that
  /// ``SecretNames`` calls secret (the rule recordings use) replaced by
  /// ``marker``; `url` itself when nothing is.
  static func url(_ url: URL) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return url
    }
    var changed = false
    if components.user != nil || components.password != nil {
      components.user = nil
      components.password = nil
      changed = true
    }
    if let items = components.percentEncodedQueryItems {
      let redacted = items.map { item -> URLQueryItem in
        let name = item.name.removingPercentEncoding ?? item.name
        guard SecretNames.isSecret(name, inQueryOrForm: true), item.value != nil,
          item.value != marker
        else {
          return item
        }
        changed = true
        return URLQueryItem(name: item.name, value: marker)
      }
      components.percentEncodedQueryItems = redacted
    }
    guard changed else { return url }
    return components.url ?? url
  }

  /// `text` with every secret in `secrets` (four characters or more, so
  /// that redaction never mangles ordinary words) replaced by ``marker``.
  static func text(_ text: String, hiding secrets: [String]) -> String {
    secrets.filter { $0.count >= 4 }.reduce(text) { text, secret in
      text.replacingOccurrences(of: secret, with: marker)
    }
  }

  /// `text` cut to `limit` characters, marked with an ellipsis when cut.
  static func bounded(_ text: String, to limit: Int = APIError.bodyExcerptLimit) -> String {
    text.count > limit ? String(text.prefix(limit)) + "…" : text
  }
}
