/// Values that look like credentials wherever they stand, whatever names
/// them: JWTs, private key blocks, cloud access keys and vendor keys.
/// A recording takes each as a secret. Hex hashes and UUIDs are never one,
/// so that the ids an app sends back still match.
enum SecretShapes {
  /// Vendor key prefixes, and how many token characters follow at least.
  static let prefixes: [(prefix: String, minimum: Int)] = [
    ("AKIA", 16), ("ASIA", 16), ("AIza", 30), ("ghp_", 30), ("gho_", 30), ("ghu_", 30),
    ("ghs_", 30), ("ghr_", 30), ("github_pat_", 20), ("glpat-", 20), ("sk_live_", 16),
    ("sk_test_", 16), ("rk_live_", 16), ("xoxb-", 10), ("xoxp-", 10), ("xoxa-", 10),
    ("xoxs-", 10), ("sk-", 20), ("npm_", 30),
  ]

  /// The credential-shaped values in `text`: vendor keys, JWTs, and the
  /// lines of private key blocks.
  static func found(in text: String) -> [String] {
    var found: [String] = []
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      guard index == 0 || !isTokenByte(bytes[index - 1]) else {
        index += 1
        continue
      }
      var end = index
      while end < bytes.count, isTokenByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
        end += 1
      }
      while end > index, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
      if end > index {
        let token = String(decoding: bytes[index..<end], as: UTF8.self)
        found += credentials(in: token)
      }
      index = max(end, index + 1)
    }
    found += privateKeyLines(in: text)
    return found
  }

  /// Whether a URL path segment or fragment part looks like a random
  /// credential: 20 characters or more of a token's alphabet, with upper-
  /// and lower-case letters and digits (never a hex hash or a UUID).
  static func isRandom(_ value: Substring) -> Bool {
    guard value.count >= 20, value.utf8.allSatisfy(isTokenByte) else { return false }
    return value.contains(where: \.isUppercase) && value.contains(where: \.isLowercase)
      && value.contains(where: \.isNumber)
  }

  /// Whether a learned value (a cookie's, a header's with no secret name)
  /// looks random enough to be hunted through the whole recording: eight
  /// characters or more with letters and digits, or sixteen or more. A
  /// short, common value (`europe`, `dark`) is hidden where it stands only.
  static func isHunted(_ value: String) -> Bool {
    let letters = value.contains(where: \.isLetter)
    let digits = value.contains(where: \.isNumber)
    return value.count >= 16 || (value.count >= 8 && letters && digits)
  }

  private static func credentials(in token: String) -> [String] {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    if parts.count == 3, parts[0].hasPrefix("eyJ"), parts[1].hasPrefix("eyJ") {
      return [token]
    }
    return parts.compactMap { part in
      prefixes.contains { part.hasPrefix($0.prefix) && part.count >= $0.prefix.count + $0.minimum }
        ? String(part) : nil
    }
  }

  private static func privateKeyLines(in text: String) -> [String] {
    guard let begin = text.range(of: "-----BEGIN "),
      text[begin.upperBound...].prefix(60).contains("PRIVATE KEY-----")
    else { return [] }
    let block = text[begin.lowerBound...]
    let body = block.range(of: "-----END ").map { block[..<$0.lowerBound] } ?? block
    return body.split(whereSeparator: \.isNewline)
      .filter { $0.count >= 16 && !$0.hasPrefix("-----") }.map(String.init)
  }

  /// A byte of a token: an ASCII letter or digit, `_` or `-`.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }
}
