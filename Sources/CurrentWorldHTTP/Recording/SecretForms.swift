import Foundation

/// The forms a secret takes when it comes back: as sent, JSON-escaped,
/// percent-encoded, base64 (standard and URL-safe), HTML-escaped and, in bytes that are
/// not UTF-8, UTF-16. A recording replaces the text forms, and checks its
/// bytes for all of them before it writes a file.
///
/// A secret is found only as a whole token: where a letter or digit of it
/// meets a letter or digit of the text around it, it is part of another
/// word or number, and left alone. So a secret `4242` never changes
/// `142420` or `/orders/424299`.
struct SecretForms: Sendable {
  /// Every form of every secret, as UTF-8, longest first, so that a form
  /// that holds another is replaced whole.
  let text: [[UInt8]]
  /// ``text`` and the UTF-16 forms, for bytes that are not UTF-8.
  let bytes: [[UInt8]]

  /// The forms of `secrets`; a secret under four characters has none, so
  /// that redaction never mangles ordinary words.
  init(_ secrets: some Sequence<String>) {
    var text: Set<[UInt8]> = []
    var bytes: Set<[UInt8]> = []
    for secret in secrets where secret.count >= 4 {
      let forms = Self.textForms(of: secret)
      text.formUnion(forms.map { Array($0.utf8) })
      bytes.insert(Array(secret.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
      bytes.insert(Array(secret.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
    }
    let longestFirst: ([UInt8], [UInt8]) -> Bool = {
      $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1)
    }
    self.text = text.sorted(by: longestFirst)
    self.bytes = text.union(bytes).sorted(by: longestFirst)
  }

  /// `secret` as sent, JSON-escaped, percent-encoded (all but letters and
  /// digits, all but RFC 3986's unreserved characters, or as a query value;
  /// upper- and lower-case hex; `+` for a space as forms write it) and base64 (standard and
  /// URL-safe, with and without padding).
  static func textForms(of secret: String) -> Set<String> {
    var forms: Set<String> = [secret, jsonEscaped(secret)]
    for allowed in [alphanumerics, unreserved, queryValueAllowed] {
      guard let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) else {
        continue
      }
      forms.insert(encoded)
      forms.insert(lowercasingPercentEscapes(encoded))
      forms.insert(encoded.replacingOccurrences(of: "%20", with: "+"))
    }
    let base64 = Data(secret.utf8).base64EncodedString()
    let unpadded = String(base64.prefix { $0 != "=" })
    let urlSafe = unpadded.replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
    let padding = String(repeating: "=", count: base64.count - unpadded.count)
    forms.formUnion([base64, unpadded, urlSafe, urlSafe + padding])
    forms.formUnion(htmlEscaped(secret))
    return forms
  }

  /// `text` as a JSON string holds it, without the quotes, escaping `/`
  /// and anything beyond ASCII as some encoders do.
  static func jsonEscaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "/": escaped += "\\/"
      case _ where scalar.value < 0x20 || scalar.value > 0x7E:
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` as HTML and XML escape it: with named references (`&amp;`,
  /// `&quot;`, `&#39;`, `/` as `&#x2F;`), and with every character but
  /// letters and digits as a hex or decimal reference.
  static func htmlEscaped(_ text: String) -> [String] {
    guard text.contains(where: { !$0.isLetter && !$0.isNumber }) else { return [] }
    let named: [Character: String] = [
      "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;", "/": "&#x2F;",
    ]
    var byName = ""
    var byHex = ""
    var byNumber = ""
    for character in text {
      byName += named[character] ?? String(character)
      if character.isASCII, character.isLetter || character.isNumber {
        byHex.append(character)
        byNumber.append(character)
      } else {
        for scalar in character.unicodeScalars {
          byHex += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
          byNumber += "&#\(scalar.value);"
        }
      }
    }
    return [byName, byHex, byHex.replacingOccurrences(of: "&#x2F;", with: "&#x2f;"), byNumber]
  }

  /// ASCII letters and digits: everything else is escaped, as the
  /// strictest encoders do.
  private static let alphanumerics = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
  /// RFC 3986's unreserved characters.
  private static let unreserved = alphanumerics.union(CharacterSet(charactersIn: "-._~"))
  /// What a query value may hold unescaped, as URLComponents writes it.
  private static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(
    CharacterSet(charactersIn: "&=+"))

  private static func lowercasingPercentEscapes(_ text: String) -> String {
    var result = ""
    var hexLeft = 0
    for character in text {
      if character == "%" {
        hexLeft = 2
        result.append(character)
      } else if hexLeft > 0 {
        hexLeft -= 1
        result += character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }

  // MARK: Finding and replacing

  /// `bytes` with every whole-token occurrence of a text form replaced by
  /// `marker`.
  func replacing(in bytes: [UInt8], with marker: String) -> [UInt8] {
    text.reduce(bytes) { bytes, form in Self.replacing(form, in: bytes, with: Array(marker.utf8)) }
  }

  /// Whether `bytes` hold a form (UTF-16 ones included) as a whole token.
  func isFound(in bytes: [UInt8]) -> Bool {
    self.bytes.contains { Self.firstMatch(of: $0, in: bytes, from: 0) != nil }
  }

  private static func replacing(_ form: [UInt8], in bytes: [UInt8], with marker: [UInt8])
    -> [UInt8]
  {
    var result: [UInt8] = []
    var start = 0
    while let match = firstMatch(of: form, in: bytes, from: start) {
      if result.isEmpty { result.reserveCapacity(bytes.count) }
      result += bytes[start..<match]
      result += marker
      start = match + form.count
    }
    guard start > 0 else { return bytes }
    result += bytes[start...]
    return result
  }

  /// Where `form` first stands in `bytes` at or after `start` as a whole
  /// token.
  static func firstMatch(of form: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = form.first, form.count <= bytes.count else { return nil }
    var index = start
    while index + form.count <= bytes.count {
      if bytes[index] == first, bytes[index..<index + form.count].elementsEqual(form),
        !(index > 0 && isWord(bytes[index - 1]) && isWord(first)
          && !isEscape(bytes, before: index)),
        !(index + form.count < bytes.count && isWord(bytes[index + form.count])
          && isWord(form[form.count - 1]))
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Whether the letter before `index` ends an escape (`\n` in a JSON
  /// string), so that a token starts at `index`.
  private static func isEscape(_ bytes: [UInt8], before index: Int) -> Bool {
    index > 1 && bytes[index - 2] == UInt8(ascii: "\\")
  }

  /// An ASCII letter or digit: what a token is made of.
  private static func isWord(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}
