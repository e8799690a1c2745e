import Foundation

/// Picks a locale for a request from its `Accept-Language` header
/// (RFC 9110 §12.5.4), among the locales a server supports.
///
/// The world middleware uses one; it is public so that code outside a
/// request (a job, a WebSocket handshake, another framework) negotiates the
/// same way:
///
/// ```swift
/// let languages = LanguageNegotiation(identifiers: ["en", "es", "es_AR", "fr"])
/// languages.match("es-AR;q=0.9, fr;q=0.8")  // es_AR
/// languages.match("es-MX, en;q=0.5")        // es: es-MX was not supported
/// languages.match("de")                     // nil: the server's locale
/// ```
///
/// Ranges are tried by their quality, highest first, ties in the order
/// written; a range matches a locale with the same identifier, or, with its
/// last subtag dropped, a shorter one (`es-419-x-y` → `es-419` → `es`), as
/// RFC 4647's lookup does. `*`, or no match, gives no locale, and so the
/// server's. A header that does not parse is ignored, as HTTP allows.
public struct LanguageNegotiation: Sendable {
  /// The locale identifiers to choose from, lowercased, with `-` for `_`.
  private let available: [String: String]

  /// Negotiates among `identifiers` (`es_AR` and `es-AR` are the same):
  /// by default, every locale the platform has.
  public init(identifiers: [String] = Locale.availableIdentifiers) {
    var available: [String: String] = [:]
    for identifier in identifiers {
      available[Self.key(identifier)] = identifier
    }
    self.available = available
  }

  /// The locale that `header` names, or `nil` when it is malformed, says
  /// `*`, or names nothing available.
  public func match(_ header: String) -> Locale? {
    negotiate(header).best
  }

  /// Every available locale that `header` names, most preferred first:
  /// each range by its quality (ties in the order written, `q=0` left
  /// out), looked up as ``match(_:)`` looks up the first, each locale
  /// once. Empty when the header is malformed or names nothing available;
  /// `*` names no locale of its own.
  ///
  /// ```swift
  /// let languages = LanguageNegotiation(identifiers: ["en", "es", "fr"])
  /// languages.matches("fr;q=0.5, es-MX, de, en;q=0")  // [es, fr]
  /// ```
  public func matches(_ header: String) -> [Locale] {
    negotiate(header).all
  }

  /// ``match(_:)`` and ``matches(_:)`` from one reading of `header`: the
  /// best range decides `best` (`*` decides it for the server's locale),
  /// and every range with a quality adds its locale to `all`.
  func negotiate(_ header: String) -> (best: Locale?, all: [Locale]) {
    guard let ranges = Self.ranges(in: header) else { return (nil, []) }
    var best: String?
    var decided = false
    var identifiers: [String] = []
    for range in ranges where range.quality > 0 {
      if range.tag == "*" {
        decided = true
        continue
      }
      guard let identifier = lookup(range.tag) else { continue }
      if !decided {
        best = identifier
        decided = true
      }
      if !identifiers.contains(identifier) { identifiers.append(identifier) }
    }
    return (best.map(Locale.init(identifier:)), identifiers.map(Locale.init(identifier:)))
  }

  /// The available identifier that `tag` names, or a shorter one with its
  /// last subtags dropped (`es-419-x-y` → `es-419` → `es`), as RFC 4647's
  /// lookup finds it.
  private func lookup(_ tag: String) -> String? {
    var subtags = tag.split(separator: "-").map(String.init)
    while !subtags.isEmpty {
      if let identifier = available[Self.key(subtags.joined(separator: "-"))] {
        return identifier
      }
      subtags.removeLast()
    }
    return nil
  }

  /// The header's language ranges, best first, or `nil` if any element of
  /// it is malformed.
  static func ranges(in header: String) -> [(tag: String, quality: Double)]? {
    var ranges: [(tag: String, quality: Double, order: Int)] = []
    for (order, element) in header.split(separator: ",", omittingEmptySubsequences: false)
      .enumerated()
    {
      let parts = element.split(separator: ";", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 1 && parts[0].isEmpty { continue }  // an empty list element
      guard parts.count <= 2, isLanguageRange(parts[0]) else { return nil }
      var quality = 1.0
      if parts.count == 2 {
        guard let weight = Self.quality(parts[1]) else { return nil }
        quality = weight
      }
      ranges.append((parts[0], quality, order))
    }
    return
      ranges
      .sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
      .map { ($0.tag, $0.quality) }
  }

  /// `*`, or 1 to 8 letters, then any number of `-` and 1 to 8 letters or
  /// digits.
  static func isLanguageRange(_ text: String) -> Bool {
    if text == "*" { return true }
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = subtags.first, (1...8).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return subtags.dropFirst().allSatisfy { subtag in
      (1...8).contains(subtag.count)
        && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The value of `q=0.8`: 0 to 1 with at most three decimals, or `nil`.
  static func quality(_ parameter: String) -> Double? {
    let pair = parameter.split(separator: "=", maxSplits: 1).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard pair.count == 2, pair[0].lowercased() == "q" else { return nil }
    // `0`, `0.`, `0.5`, `0.125`, `1`, `1.`, `1.000`: RFC 9110's qvalue.
    let value = pair[1].utf8
    guard let first = value.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1"),
      value.count <= 5
    else { return nil }
    let fraction = value.dropFirst()
    if let dot = fraction.first {
      guard dot == UInt8(ascii: "."),
        fraction.dropFirst().allSatisfy({
          first == UInt8(ascii: "0")
            ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) : $0 == UInt8(ascii: "0")
        })
      else { return nil }
    }
    return Double(pair[1])
  }

  private static func key(_ identifier: String) -> String {
    identifier.replacingOccurrences(of: "_", with: "-").lowercased()
  }
}
