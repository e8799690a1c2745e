import Foundation

/// The named values in a body, in each format secrets travel in: JSON
/// (also behind a byte order mark or an anti-XSSI prefix such as `)]}'`,
/// and JSON inside its strings), forms, multipart parts, XML elements and
/// HTML form inputs, and GraphQL arguments (`login(password: "…")`) in
/// any text or JSON string. A recording learns the values under secret
/// names from them, and each string, which it searches for credential
/// shapes.
struct BodyValues {
  /// A value and the name it stands under; `formLike` for forms,
  /// multipart parts and HTML inputs, where `code` is a secret.
  var named: [(name: String, value: String, formLike: Bool)] = []
  /// Every string in the body.
  var texts: [String] = []

  init(_ data: Data) {
    if let json = Self.json(data) {
      add(json: json, under: nil)
      return
    }
    guard let text = String(data: data, encoding: .utf8) else { return }
    texts.append(text)
    if let pairs = HARRedactor.formPairs(data) {
      named += pairs.map { ($0.name, $0.value, true) }
      return
    }
    named += Self.multipart(text).map { ($0.name, $0.value, true) }
    named += Self.xmlElements(text).map { ($0.name, $0.value, false) }
    named += Self.htmlInputs(text).map { ($0.name, $0.value, true) }
    named += Self.graphQLArguments(text).map { ($0.name, $0.value, false) }
  }

  /// A JSON object or array, after a byte order mark or an anti-XSSI
  /// prefix (`)]}'`, `while(1);`, `for(;;);`); `nil` for anything else.
  static func json(_ data: Data) -> Any? {
    var bytes = data[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    for prefix in [")]}'", "while(1);", "for(;;);"] where bytes.starts(with: Array(prefix.utf8)) {
      bytes = bytes.dropFirst(prefix.utf8.count)
    }
    guard let first = bytes.first(where: { ![0x20, 0x0A, 0x0D, 0x09, 0x2C].contains($0) }),
      first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    else { return nil }
    let start = bytes.firstIndex(of: first) ?? bytes.startIndex
    return try? JSONSerialization.jsonObject(with: Data(bytes[start...]))
  }

  /// Adds a JSON value's strings and numbers, each under its nearest key
  /// and under a secret key above it; a string that holds JSON is read too.
  private mutating func add(json: Any, under key: String?) {
    switch json {
    case let object as [String: Any]:
      for (name, value) in object {
        add(json: value, under: name)
        if let key, SecretNames.isSecret(key) { add(json: value, under: key) }
      }
    case let array as [Any]:
      for value in array { add(json: value, under: key) }
    case let text as String:
      texts.append(text)
      if let key { named.append((key, text, false)) }
      if let nested = Self.json(Data(text.utf8)) {
        add(json: nested, under: key)
      } else {
        named += Self.graphQLArguments(text).map { ($0.name, $0.value, false) }
      }
    case let number as NSNumber:
      if let key { named.append((key, "\(number)", false)) }
    default:
      break
    }
  }

  /// The arguments of a GraphQL document written inline, a string or a
  /// number after a name and a colon (`login(password: "hunter2", pin:
  /// 4242)`), strings' escapes decoded; variables (`$password`), enums and
  /// block strings are not read.
  static func graphQLArguments(_ text: String) -> [(name: String, value: String)] {
    let bytes = Array(text.utf8)
    var found: [(name: String, value: String)] = []
    var index = 0
    while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
      index = colon + 1
      var nameEnd = colon
      while nameEnd > 0, bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09 { nameEnd -= 1 }
      var nameStart = nameEnd
      while nameStart > 0, isNameByte(bytes[nameStart - 1]) { nameStart -= 1 }
      guard nameStart < nameEnd else { continue }
      var start = index
      while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
      if start < bytes.count, bytes[start] == UInt8(ascii: "\""),
        !bytes[start...].starts(with: "\"\"\"".utf8)
      {
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] >= 0x20 {
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\""),
          let value = JSONRewriter.decoded(bytes[(start + 1)..<end])
        else { continue }
        found.append((name, String(decoding: value, as: UTF8.self)))
        index = end + 1
      } else if let end = JSONRewriter.numberEnd(in: bytes, from: start) {
        found.append((name, String(decoding: bytes[start..<end], as: UTF8.self)))
        index = end
      }
    }
    return found
  }

  /// A byte of a GraphQL name: an ASCII letter, digit or `_`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    SecretShapes.isTokenByte(byte) && byte != UInt8(ascii: "-")
  }

  /// The parts of a `multipart/form-data` body: each part's name and text.
  static func multipart(_ text: String) -> [(name: String, value: String)] {
    guard text.hasPrefix("--"), let firstLine = text.split(whereSeparator: \.isNewline).first
    else { return [] }
    return text.components(separatedBy: String(firstLine)).compactMap { part in
      guard let split = part.range(of: "\r\n\r\n") ?? part.range(of: "\n\n"),
        let name = attribute("name", in: String(part[..<split.lowerBound]))
      else { return nil }
      let value = part[split.upperBound...].trimmingCharacters(in: .newlines)
      return (name, value)
    }
  }

  /// The XML elements that hold text alone: `<SessionToken>…</SessionToken>`,
  /// by their local names, the text's entities decoded.
  static func xmlElements(_ text: String) -> [(name: String, value: String)] {
    var found: [(name: String, value: String)] = []
    var rest = text[...]
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      guard let close = rest.firstIndex(of: ">") else { break }
      let tag = rest[..<close]
      let name = tag.prefix { !$0.isWhitespace && $0 != "/" }
      let content = rest[rest.index(after: close)...].prefix { $0 != "<" }
      let end = "</\(name)>"
      if !name.isEmpty, !tag.hasSuffix("/"), !name.hasPrefix("/"), !name.hasPrefix("!"),
        rest[rest.index(after: close)...].dropFirst(content.count).hasPrefix(end)
      {
        let local = name.split(separator: ":").last.map(String.init) ?? String(name)
        found.append((local, entitiesDecoded(String(content))))
      }
      rest = rest[rest.index(after: close)...]
    }
    return found
  }

  /// The `name` and `value` of each HTML `<input>`, entities decoded.
  static func htmlInputs(_ text: String) -> [(name: String, value: String)] {
    text.components(separatedBy: "<input").dropFirst().compactMap { rest in
      let tag = String(rest.prefix { $0 != ">" })
      guard let name = attribute("name", in: tag), let value = attribute("value", in: tag) else {
        return nil
      }
      return (name, entitiesDecoded(value))
    }
  }

  /// The value of `name="…"` (or `'…'`) in a tag or a header.
  private static func attribute(_ name: String, in text: String) -> String? {
    for quote in ["\"", "'"] {
      var rest = text[...]
      while let found = rest.range(of: "\(name)=\(quote)") {
        let before = rest[..<found.lowerBound].last
        let after = rest[found.upperBound...]
        if before.map({ $0.isWhitespace || $0 == ";" }) ?? true,
          let end = after.firstIndex(of: Character(quote))
        {
          return String(after[..<end])
        }
        rest = after
      }
    }
    return nil
  }

  /// `text` with HTML's and XML's character references decoded.
  static func entitiesDecoded(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = text[...]
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      rest = rest[amp...]
      let entity = rest.dropFirst().prefix { $0 != ";" && $0 != "&" }.prefix(10)
      let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
      let scalar: Unicode.Scalar? =
        entity.hasPrefix("#x") || entity.hasPrefix("#X")
        ? UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init) : nil
      let decoded = scalar.map { String($0) } ?? named[String(entity)]
      if let decoded, rest.dropFirst(entity.count + 1).first == ";" {
        result += decoded
        rest = rest.dropFirst(entity.count + 2)
      } else {
        result.append("&")
        rest = rest.dropFirst()
      }
    }
    return result + rest
  }
}
