import Foundation

/// How a recording writes a server on this machine: a loopback server
/// (`127.0.0.1`, `localhost`, `::1`, on whatever port a test's server got)
/// is written as `localhost` without a port, so that recording the same
/// exchanges again against a server on another port changes no byte. A
/// replay puts the requesting server's origin back where the file names
/// that one (a redirect's `Location`), so nothing resolves to the wrong
/// server. Any other origin is written as it is.
enum RecordedOrigin {
  /// What a loopback server's host is written as.
  static let host = "localhost"

  /// Whether `url` names a server on this machine.
  static func isLoopback(_ url: URL) -> Bool {
    guard let host = url.host?.lowercased() else { return false }
    return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
  }

  /// `scheme://host[:port]` of `url`, as it appears in absolute URLs.
  static func origin(of url: URL) -> String? {
    guard let scheme = url.scheme,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
      let host = components.percentEncodedHost
    else { return nil }
    let port = components.port.map { ":\($0)" } ?? ""
    return "\(scheme)://\(host)\(port)"
  }

  /// `url` as a recording writes it: a loopback origin as `localhost`.
  static func written(_ url: URL) -> URL {
    guard isLoopback(url), var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    else { return url }
    components.host = host
    components.port = nil
    return components.url ?? url
  }

  /// A header value of an answer from `server`, as a recording writes it:
  /// each absolute URL on that loopback server's origin moved to
  /// `localhost`.
  static func written(_ value: String, from server: URL) -> String {
    guard isLoopback(server), let served = origin(of: server),
      let recorded = origin(of: written(server))
    else { return value }
    return replacingOrigin(served, with: recorded, in: value)
  }

  /// A header value of a recorded answer, as a replay gives it to a
  /// request for `url`: the file's `localhost` origin moved to the
  /// requesting server's, when the entry was recorded from one.
  static func replayed(_ value: String, recordedFrom recorded: URL, requested url: URL) -> String {
    guard recorded.host == host, recorded.port == nil, let file = origin(of: recorded),
      let requested = origin(of: url), file != requested
    else { return value }
    return replacingOrigin(file, with: requested, in: value)
  }

  /// `text` with `origin` replaced where it begins a URL: followed by a
  /// path, a query, a fragment, or the text's end, never a longer host.
  private static func replacingOrigin(_ origin: String, with new: String, in text: String)
    -> String
  {
    var result = ""
    var rest = Substring(text)
    while let range = rest.range(of: origin) {
      let next = rest[range.upperBound...].first
      result += rest[..<range.lowerBound]
      if next == nil || next == "/" || next == "?" || next == "#" || next == "," || next == ">"
        || next == " "
      {
        result += new
      } else {
        result += rest[range]
      }
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
