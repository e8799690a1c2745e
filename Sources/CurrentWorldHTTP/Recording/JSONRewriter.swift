import Foundation

/// Redacts a JSON document token by token, keeping every byte it has no
/// reason to change: whitespace, key order, number spellings and escapes
/// stay as the wire carried them, so that a replay answers what the
/// server sent.
///
/// Three things change. The value of a member whose key is hidden (not
/// `null`) becomes the string `"REDACTED"`. A string that holds a secret,
/// whole or inside its text, has it replaced, and is escaped anew only
/// when its escapes hid the secret; a string that holds JSON is redacted
/// as a document of its own. A number that is a secret becomes the string
/// `"REDACTED"`, never a bare word: the document stays valid JSON. Keys
/// are strings too: a secret used as a key is replaced.
struct JSONRewriter {
  /// Whether the value of a member under a key is hidden.
  let hides: (String) -> Bool
  /// The secrets' forms, replaced in strings and searched in numbers.
  let forms: SecretForms
  /// The secrets that are JSON numbers, spelt canonically (see
  /// ``canonical(_:)``), so that `4.242e3` is found as `4242`.
  let numbers: Set<String>
  /// What a hidden value or a secret becomes.
  let marker: String

  /// How deep documents may nest, strings that hold JSON included; a
  /// deeper one is left to the fallback, as `JSONSerialization` refuses it.
  static let maximumDepth = 512

  /// A rewriter that hides the members `hides` names and replaces
  /// `secrets` in every form `forms` holds.
  init(
    secrets: some Sequence<String>, forms: SecretForms, marker: String = HARRedactor.marker,
    hides: @escaping (String) -> Bool
  ) {
    self.hides = hides
    self.forms = forms
    self.marker = marker
    numbers = Set(
      secrets.compactMap { secret in
        let bytes = Array(secret.utf8)
        return Self.numberEnd(in: bytes, from: 0) == bytes.count ? Self.canonical(bytes) : nil
      })
  }

  /// `data` redacted, the same bytes when nothing in it is hidden; `nil`
  /// when it is not one JSON object or array, after an optional byte order
  /// mark or anti-XSSI prefix (`)]}'`, `while(1);`, `for(;;);`).
  func rewrite(_ data: Data) -> Data? {
    let bytes = Array(data)
    guard let rewritten = rewritten(bytes, depth: 0),
      String(bytes: bytes, encoding: .utf8) != nil
    else { return nil }
    return rewritten == bytes ? data : Data(rewritten)
  }

  /// `bytes` redacted, or `nil` when they are not a JSON document;
  /// `depth` is how deep the string that holds them stands.
  private func rewritten(_ bytes: [UInt8], depth: Int) -> [UInt8]? {
    guard let start = Self.documentStart(bytes) else { return nil }
    var pass = Pass(bytes: bytes, index: start, rewriter: self)
    guard pass.value(depth: depth) else { return nil }
    pass.skipWhitespace()
    guard pass.index == bytes.count else { return nil }
    return pass.assembled()
  }

  /// Where the object or array starts: after a byte order mark, an
  /// anti-XSSI prefix, whitespace and commas (`)]}',`), as
  /// ``BodyValues/json(_:)`` reads it.
  static func documentStart(_ bytes: [UInt8]) -> Int? {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for prefix in [")]}'", "while(1);", "for(;;);"]
    where bytes[index...].starts(with: prefix.utf8) {
      index += prefix.utf8.count
    }
    while index < bytes.count, isWhitespace(bytes[index]) || bytes[index] == UInt8(ascii: ",") {
      index += 1
    }
    guard index < bytes.count,
      bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[")
    else { return nil }
    return index
  }

  // MARK: What changes

  /// A string's decoded content, redacted: as a document when it holds
  /// JSON, else with every secret's forms replaced.
  fileprivate func redacted(content: [UInt8], depth: Int) -> [UInt8] {
    if depth < Self.maximumDepth, let nested = rewritten(content, depth: depth + 1) {
      return nested
    }
    return forms.replacing(in: content, with: marker)
  }

  /// The string token that holds `content`: `raw` (the old token's text
  /// between its quotes) with the secrets' forms replaced when that spells
  /// `content`, keeping its escapes; else `content` escaped anew.
  fileprivate func token(for content: [UInt8], raw: ArraySlice<UInt8>) -> [UInt8] {
    let direct = forms.replacing(in: Array(raw), with: marker)
    if !direct.elementsEqual(raw), Self.decoded(direct[...]) == content {
      return [UInt8(ascii: "\"")] + direct + [UInt8(ascii: "\"")]
    }
    let slashes = zip(raw, raw.dropFirst()).contains { $0 == UInt8(ascii: "\\") && $1 == 0x2F }
    return [UInt8(ascii: "\"")] + Self.escaped(content, slashes: slashes) + [UInt8(ascii: "\"")]
  }

  /// Whether a number token is a secret: it holds one as a whole token,
  /// or it is one spelt otherwise (`4242.0` for `4242`).
  fileprivate func isSecret(number token: ArraySlice<UInt8>) -> Bool {
    let token = Array(token)
    if !numbers.isEmpty, let canonical = Self.canonical(token), numbers.contains(canonical) {
      return true
    }
    return forms.replacing(in: token, with: marker) != token
  }

  /// The marker as a JSON string.
  fileprivate var quotedMarker: [UInt8] { Array("\"\(marker)\"".utf8) }

  // MARK: Reading tokens

  /// JSON's whitespace: space, tab, line feed, carriage return.
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// An ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  /// Where the JSON number that starts at `start` ends, or `nil` when none
  /// starts there: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func numberEnd(in bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    /// Steps over digits; whether there was one.
    func digits() -> Bool {
      let first = index
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      return index > first
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { return nil }
    if bytes[index] == UInt8(ascii: "0") { index += 1 } else { _ = digits() }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() else { return nil }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits() else { return nil }
    }
    return index
  }

  /// A valid JSON number's value, spelt one way: its significant digits
  /// and a power of ten (`4242`, `4242.0` and `4.242e3` are all
  /// `4242e0`); `nil` for an exponent too large to compare.
  static func canonical(_ number: [UInt8]) -> String? {
    var index = 0
    let negative = number.first == UInt8(ascii: "-")
    if negative { index = 1 }
    var digits: [UInt8] = []
    var exponent = 0
    while index < number.count, isDigit(number[index]) {
      digits.append(number[index])
      index += 1
    }
    if index < number.count, number[index] == UInt8(ascii: ".") {
      index += 1
      while index < number.count, isDigit(number[index]) {
        digits.append(number[index])
        exponent -= 1
        index += 1
      }
    }
    if index < number.count {
      let power = String(decoding: number[(index + 1)...], as: UTF8.self)
      guard power.count < 10, let power = Int(power) else { return nil }
      exponent += power
    }
    let significant = digits.drop { $0 == UInt8(ascii: "0") }
    guard !significant.isEmpty else { return "0" }
    let trimmed = significant.reversed().drop { $0 == UInt8(ascii: "0") }
    exponent += significant.count - trimmed.count
    return (negative ? "-" : "") + String(decoding: trimmed.reversed(), as: UTF8.self)
      + "e\(exponent)"
  }

  /// What the letter after `\` stands for, but `u`.
  private static let shortEscapes: [UInt8: UInt8] = [
    UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
    UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
  ]

  /// The content of a string token's text between its quotes, escapes
  /// decoded (a lone surrogate as U+FFFD); `nil` for a bad escape or a
  /// control character.
  static func decoded(_ raw: ArraySlice<UInt8>) -> [UInt8]? {
    var content: [UInt8] = []
    content.reserveCapacity(raw.count)
    var index = raw.startIndex
    /// The four hex digits of a `\u` escape at `start`.
    func hex(at start: Int) -> UInt32? {
      guard start + 4 <= raw.endIndex else { return nil }
      return UInt32(String(decoding: raw[start..<start + 4], as: UTF8.self), radix: 16)
    }
    while index < raw.endIndex {
      let byte = raw[index]
      if byte < 0x20 || byte == UInt8(ascii: "\"") { return nil }
      guard byte == UInt8(ascii: "\\") else {
        content.append(byte)
        index += 1
        continue
      }
      guard index + 1 < raw.endIndex else { return nil }
      if let decoded = shortEscapes[raw[index + 1]] {
        content.append(decoded)
        index += 2
        continue
      }
      guard raw[index + 1] == UInt8(ascii: "u"), var value = hex(at: index + 2) else { return nil }
      index += 6
      if (0xD800..<0xDC00).contains(value), index + 1 < raw.endIndex,
        raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
        let low = hex(at: index + 2), (0xDC00..<0xE000).contains(low)
      {
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        index += 6
      }
      content += Array(String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
    }
    return content
  }

  /// `content` as a JSON string's text: `"`, `\` and control characters
  /// escaped, `/` too when the old token escaped it, the rest as it is.
  static func escaped(_ content: [UInt8], slashes: Bool) -> [UInt8] {
    var text: [UInt8] = []
    text.reserveCapacity(content.count + 8)
    let short: [UInt8: String] = [
      0x22: "\\\"", 0x5C: "\\\\", 0x08: "\\b", 0x0C: "\\f", 0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t",
    ]
    for byte in content {
      if let escape = short[byte] {
        text += Array(escape.utf8)
      } else if byte < 0x20 {
        let hex = String(byte, radix: 16)
        text += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      } else if slashes, byte == UInt8(ascii: "/") {
        text += Array("\\/".utf8)
      } else {
        text.append(byte)
      }
    }
    return text
  }
}

/// One reading of a document: checks its grammar and notes what changes,
/// as ranges of the document and the bytes that replace them, in order.
private struct Pass {
  /// The document read.
  let bytes: [UInt8]
  /// Where reading stands.
  var index: Int
  /// What decides the changes.
  let rewriter: JSONRewriter
  /// The changes so far, in the document's order, none overlapping.
  var changes: [(range: Range<Int>, bytes: [UInt8])] = []

  /// A reading of `bytes` from `index`, with no change noted yet.
  init(bytes: [UInt8], index: Int, rewriter: JSONRewriter) {
    self.bytes = bytes
    self.index = index
    self.rewriter = rewriter
  }

  /// The document with its changes made.
  func assembled() -> [UInt8] {
    guard !changes.isEmpty else { return bytes }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var copied = 0
    for change in changes {
      result += bytes[copied..<change.range.lowerBound]
      result += change.bytes
      copied = change.range.upperBound
    }
    return result + bytes[copied...]
  }

  /// Steps over whitespace, which is kept.
  mutating func skipWhitespace() {
    while index < bytes.count, JSONRewriter.isWhitespace(bytes[index]) { index += 1 }
  }

  /// Steps over `byte` if it is next.
  mutating func skip(_ byte: Character) -> Bool {
    guard index < bytes.count, bytes[index] == byte.asciiValue else { return false }
    index += 1
    return true
  }

  /// Reads the value that starts here; `false` when it is malformed.
  mutating func value(depth: Int) -> Bool {
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "{"): return object(depth: depth + 1)
    case UInt8(ascii: "["): return array(depth: depth + 1)
    case UInt8(ascii: "\""): return string(depth: depth) != nil
    case UInt8(ascii: "t"): return literal("true")
    case UInt8(ascii: "f"): return literal("false")
    case UInt8(ascii: "n"): return literal("null")
    default: return number()
    }
  }

  /// Reads `true`, `false` or `null`, which are kept.
  mutating func literal(_ word: String) -> Bool {
    guard bytes[index...].starts(with: word.utf8) else { return false }
    index += word.utf8.count
    return true
  }

  /// Reads a number, noting it as the marker when it is a secret.
  mutating func number() -> Bool {
    guard let end = JSONRewriter.numberEnd(in: bytes, from: index) else { return false }
    if rewriter.isSecret(number: bytes[index..<end]) {
      changes.append((index..<end, rewriter.quotedMarker))
    }
    index = end
    return true
  }

  /// Reads an array and its values.
  mutating func array(depth: Int) -> Bool {
    guard depth <= JSONRewriter.maximumDepth else { return false }
    index += 1
    skipWhitespace()
    if skip("]") { return true }
    repeat {
      skipWhitespace()
      guard value(depth: depth) else { return false }
      skipWhitespace()
    } while skip(",")
    return skip("]")
  }

  /// Reads an object: its keys as strings, and the value of a hidden key
  /// (not `null`) noted as the marker, whatever changes were noted in it.
  mutating func object(depth: Int) -> Bool {
    guard depth <= JSONRewriter.maximumDepth else { return false }
    index += 1
    skipWhitespace()
    if skip("}") { return true }
    repeat {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
        let key = string(depth: depth)
      else { return false }
      skipWhitespace()
      guard skip(":") else { return false }
      skipWhitespace()
      let start = index
      let before = changes.count
      guard value(depth: depth) else { return false }
      if rewriter.hides(String(decoding: key, as: UTF8.self)),
        !bytes[start..<index].elementsEqual("null".utf8)
      {
        changes.removeSubrange(before...)
        changes.append((start..<index, rewriter.quotedMarker))
      }
      skipWhitespace()
    } while skip(",")
    return skip("}")
  }

  /// Reads the string token that starts here and notes its redaction;
  /// its decoded content (as sent), or `nil` when it is malformed.
  mutating func string(depth: Int) -> [UInt8]? {
    let start = index
    index += 1
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    guard index < bytes.count else { return nil }
    let raw = bytes[(start + 1)..<index]
    index += 1
    guard let content = JSONRewriter.decoded(raw) else { return nil }
    let redacted = rewriter.redacted(content: content, depth: depth)
    if redacted != content {
      changes.append((start..<index, rewriter.token(for: redacted, raw: raw)))
    }
    return content
  }
}
