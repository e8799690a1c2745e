import Foundation

/// The named values in a body, in each format secrets travel in: JSON
/// (also behind a byte order mark or an anti-XSSI prefix such as `)]}'`,
/// and JSON inside its strings), forms (a field that holds a body is read
/// as one), multipart parts (each part read as a body too), XML elements,
/// attributes and CDATA, HTML attributes, inputs and `<meta>` tags, CSV
/// columns, GraphQL arguments (`login(password: "…")`), JSON-like
/// `"name": "value"` pairs wherever they stand (a script's state, JSONP,
/// JSON lines, server-sent events), and the query items of URLs written
/// in any text or JSON string. A recording learns the values under secret
/// names from them, and each string, which it searches for credential
/// shapes. Every reader is a single pass over the text, however malformed.
struct BodyValues {
  /// Where a named value stands, which decides how its name is judged.
  enum Place: Sendable {
    /// A JSON member, an XML element or attribute, an HTML attribute, a
    /// GraphQL argument or a CSV column: `code` alone is kept.
    case json
    /// A form field, a multipart part or an HTML input or `<meta>`
    /// tag's name and value: `code` alone is a secret.
    case form
    /// A query item of a URL written in the body.
    case query
  }

  /// A value, the name it stands under, and where.
  var named: [(name: String, value: String, place: Place)] = []
  /// Every string in the body.
  var texts: [String] = []

  /// How deep bodies inside bodies are read: a multipart part, a form
  /// field, a string inside a string.
  static let maximumDepth = 4

  /// The named values and strings of `data`; `depth` is how deep in
  /// another body it stands.
  init(_ data: Data, depth: Int = 0) {
    if let json = Self.json(data) {
      add(json: json, under: nil, depth: depth)
      return
    }
    guard let text = String(data: data, encoding: .utf8) else { return }
    if let pairs = HARRedactor.formPairs(data) {
      texts.append(text)
      for pair in pairs {
        named.append((pair.name, pair.value, .form))
        add(body: pair.value, depth: depth)
      }
      return
    }
    for part in Self.multipart(text) {
      named.append((part.name, part.value, .form))
      add(body: part.value, depth: depth)
    }
    named += Self.csv(text).map { ($0.name, $0.value, .json) }
    add(text: text, depth: depth)
  }

  /// Adds what `text`, a body inside this one, holds.
  private mutating func add(body text: String, depth: Int) {
    guard depth < Self.maximumDepth, !text.isEmpty else { return }
    let nested = BodyValues(Data(text.utf8), depth: depth + 1)
    named += nested.named
    texts += nested.texts
  }

  /// Adds a text that is not JSON: itself, its markup's named values,
  /// its GraphQL arguments, its JSON-like pairs and its URLs' query items.
  private mutating func add(text: String, depth: Int) {
    texts.append(text)
    named += Self.markup(text)
    named += Self.graphQLArguments(text).map { ($0.name, $0.value, .json) }
    named += Self.jsonPairs(text, depth: depth).map { ($0.name, $0.value, .json) }
    named += Self.queryItems(text).map { ($0.name, $0.value, .query) }
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
  private mutating func add(json: Any, under key: String?, depth: Int) {
    switch json {
    case let object as [String: Any]:
      for (name, value) in object {
        add(json: value, under: name, depth: depth)
        if let key, SecretNames.isSecret(key) { add(json: value, under: key, depth: depth) }
      }
    case let array as [Any]:
      for value in array { add(json: value, under: key, depth: depth) }
    case let text as String:
      if let key { named.append((key, text, .json)) }
      if let nested = Self.json(Data(text.utf8)) {
        texts.append(text)
        add(json: nested, under: key, depth: depth)
      } else {
        add(text: text, depth: depth)
      }
    case let number as NSNumber:
      if let key { named.append((key, "\(number)", .json)) }
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

  // MARK: JSON-like pairs and URLs in any text

  /// The `"name": "value"` and `"name": number` pairs written anywhere in
  /// a text, as JSON writes them (a script's state, JSONP, JSON lines,
  /// server-sent events, JSON behind a comment): strings' escapes decoded,
  /// and each string of an array after a name (`"codes": ["…", "…"]`)
  /// under that name. A string that is no name but holds quotes (JSON in
  /// a script's string) is read too, `depth` levels at most. One pass: a
  /// string not followed by `:` is read again from its closing quote, so
  /// a stray quote shifts nothing.
  static func jsonPairs(_ text: String, depth: Int = 0) -> [(name: String, value: String)] {
    let bytes = Array(text.utf8)
    var found: [(name: String, value: String)] = []
    var index = 0
    while let open = bytes[index...].firstIndex(of: quote) {
      let close = stringEnd(bytes, from: open)
      guard close < bytes.count, bytes[close] == quote else {
        // Unclosed on its line: the quotes on the way were escaped.
        index = close
        continue
      }
      let after = skipWhitespace(bytes, from: close + 1)
      guard after < bytes.count, bytes[after] == UInt8(ascii: ":"),
        let name = decodedString(bytes, open, close)
      else {
        if depth < maximumDepth, close > open + 1, let content = decodedString(bytes, open, close),
          content.contains("\"")
        {
          found += jsonPairs(content, depth: depth + 1)
        }
        index = close
        continue
      }
      index = skipWhitespace(bytes, from: after + 1)
      let isArray = index < bytes.count && bytes[index] == UInt8(ascii: "[")
      if isArray { index = skipWhitespace(bytes, from: index + 1) }
      while index < bytes.count {
        let end = bytes[index] == quote ? stringEnd(bytes, from: index) : index
        if end < bytes.count, bytes[end] == quote, end > index,
          let value = decodedString(bytes, index, end)
        {
          found.append((name, value))
          index = end + 1
        } else if let end = JSONRewriter.numberEnd(in: bytes, from: index) {
          found.append((name, String(decoding: bytes[index..<end], as: UTF8.self)))
          index = end
        } else {
          break
        }
        guard isArray else { break }
        index = skipWhitespace(bytes, from: index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { break }
        index = skipWhitespace(bytes, from: index + 1)
      }
    }
    return found
  }

  /// `"`.
  private static let quote = UInt8(ascii: "\"")

  /// Where the string whose quote is at `open` closes: the next quote
  /// that no backslash escapes; or else where it stops unclosed, at the
  /// line's end or the text's.
  private static func stringEnd(_ bytes: [UInt8], from open: Int) -> Int {
    var index = open + 1
    while index < bytes.count, bytes[index] != quote, bytes[index] != 0x0A {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    return min(index, bytes.count)
  }

  /// The content of the string between quotes at `open` and `close`,
  /// escapes decoded; `nil` when an escape is not JSON's.
  private static func decodedString(_ bytes: [UInt8], _ open: Int, _ close: Int) -> String? {
    JSONRewriter.decoded(bytes[(open + 1)..<close]).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The first index at or after `start` that is not JSON whitespace.
  private static func skipWhitespace(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, JSONRewriter.isWhitespace(bytes[index]) { index += 1 }
    return index
  }

  /// The query items of the URLs written in a text (a presigned URL in a
  /// JSON string, a link in a page): each `name=value` after a `?` or an
  /// `&` (also `&amp;`), both percent-decoded; a value ends at a quote,
  /// a space, `<`, `>`, `#`, `&` or a backslash.
  static func queryItems(_ text: String) -> [(name: String, value: String)] {
    let bytes = Array(text.utf8)
    var found: [(name: String, value: String)] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&") else { continue }
      if byte == UInt8(ascii: "&"), bytes[index...].starts(with: "amp;".utf8) { index += 4 }
      let nameStart = index
      while index < bytes.count, isQueryNameByte(bytes[index]) { index += 1 }
      guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        continue
      }
      let name = bytes[nameStart..<index]
      index += 1
      let valueStart = index
      while index < bytes.count, !endsQueryValue(bytes[index]) { index += 1 }
      guard index > valueStart else { continue }
      let decode = { (raw: ArraySlice<UInt8>) in
        let text = String(decoding: raw, as: UTF8.self)
        return text.removingPercentEncoding ?? text
      }
      found.append((decode(name), decode(bytes[valueStart..<index])))
    }
    return found
  }

  /// A byte of a query item's name: a letter, digit, `_`, `-`, `.`,
  /// `%`, or a bracket.
  private static func isQueryNameByte(_ byte: UInt8) -> Bool {
    SecretShapes.isTokenByte(byte) || "._%[]".utf8.contains(byte)
  }

  /// Whether a byte ends a query value written in a text.
  private static func endsQueryValue(_ byte: UInt8) -> Bool {
    byte <= 0x20 || "\"'<>#&\\`".utf8.contains(byte)
  }

  // MARK: Multipart, markup, CSV

  /// The parts of a `multipart/form-data` body: each part's name (quoted
  /// or not, before or after its `filename`) and content.
  static func multipart(_ text: String) -> [(name: String, value: String)] {
    guard text.hasPrefix("--"), let firstLine = text.split(whereSeparator: \.isNewline).first
    else { return [] }
    return text.components(separatedBy: String(firstLine)).compactMap { part in
      guard let split = part.range(of: "\r\n\r\n") ?? part.range(of: "\n\n") else { return nil }
      let headers = Array(part[..<split.lowerBound].utf8)
      guard
        let name = attributes(headers[...]).first(where: { $0.name.lowercased() == "name" })?
          .value
      else { return nil }
      let value = part[split.upperBound...].trimmingCharacters(in: .newlines)
      return (name, value)
    }
  }

  /// The `name=value` attributes in a tag or a header's parameters, the
  /// value quoted (`"…"`, `'…'`) or not (up to a space, `;` or `>`), as
  /// written.
  static func attributes(_ bytes: ArraySlice<UInt8>) -> [(name: String, value: String)] {
    var found: [(name: String, value: String)] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard isAttributeNameByte(bytes[index]) else {
        index += 1
        continue
      }
      let nameStart = index
      while index < bytes.endIndex, isAttributeNameByte(bytes[index]) { index += 1 }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
      var cursor = index
      while cursor < bytes.endIndex, bytes[cursor] <= 0x20 { cursor += 1 }
      guard cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "=") else { continue }
      cursor += 1
      while cursor < bytes.endIndex, bytes[cursor] <= 0x20 { cursor += 1 }
      guard cursor < bytes.endIndex else { break }
      let valueStart: Int
      let valueEnd: Int
      if bytes[cursor] == quote || bytes[cursor] == UInt8(ascii: "'") {
        let mark = bytes[cursor]
        valueStart = cursor + 1
        valueEnd = bytes[valueStart...].firstIndex(of: mark) ?? bytes.endIndex
        index = min(valueEnd + 1, bytes.endIndex)
      } else {
        valueStart = cursor
        valueEnd =
          bytes[cursor...].firstIndex { $0 <= 0x20 || $0 == UInt8(ascii: ";") || $0 == 0x3E }
          ?? bytes.endIndex
        index = valueEnd
      }
      found.append((name, String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)))
    }
    return found
  }

  /// A byte of an attribute's name: a letter, digit, `_`, `-`, `.` or `:`.
  private static func isAttributeNameByte(_ byte: UInt8) -> Bool {
    SecretShapes.isTokenByte(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
  }

  /// The named values of XML and HTML: every attribute (by its local
  /// name, `data-api-key`, `SecretAccessKey`), the text or CDATA of an
  /// element that holds nothing else (`<SessionToken>…</SessionToken>`),
  /// and a tag's `name` with its `value` or `content` (an `<input>`, a
  /// `<meta name="csrf-token">`) as a form field; entities decoded.
  /// Comments are skipped; one pass, whatever the markup's state.
  static func markup(_ text: String) -> [(name: String, value: String, place: Place)] {
    let bytes = Array(text.utf8)
    var found: [(name: String, value: String, place: Place)] = []
    let (open, close) = (UInt8(ascii: "<"), UInt8(ascii: ">"))
    var index = 0
    while let start = bytes[index...].firstIndex(of: open) {
      if bytes[start...].starts(with: "<!--".utf8) {
        guard let end = find("-->", in: bytes, from: start + 4) else { break }
        index = end
        continue
      }
      guard let end = bytes[(start + 1)...].firstIndex(of: close) else { break }
      index = end + 1
      let tag = bytes[(start + 1)..<end]
      guard let first = tag.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "!"),
        first != UInt8(ascii: "?")
      else { continue }
      let nameEnd = tag.firstIndex { $0 <= 0x20 || $0 == UInt8(ascii: "/") } ?? tag.endIndex
      let name = String(decoding: tag[..<nameEnd], as: UTF8.self)
      let attributes = attributes(tag[nameEnd...]).filter { !$0.name.hasPrefix("xmlns") }
      for attribute in attributes {
        found.append((localName(attribute.name), entitiesDecoded(attribute.value), .json))
      }
      let value = { (key: String) in attributes.first { $0.name.lowercased() == key }?.value }
      if let field = value("name"), let content = value("value") ?? value("content") {
        found.append((field, entitiesDecoded(content), .form))
      }
      guard tag.last != UInt8(ascii: "/") else { continue }
      let content: String
      let contentEnd: Int
      if bytes[index...].starts(with: "<![CDATA[".utf8) {
        // CDATA may hold `<`: read whole, and stepped over.
        guard let cdataEnd = find("]]>", in: bytes, from: index + 9) else { break }
        content = String(decoding: bytes[(index + 9)..<(cdataEnd - 3)], as: UTF8.self)
        (contentEnd, index) = (cdataEnd, cdataEnd)
      } else {
        contentEnd = bytes[index...].firstIndex(of: open) ?? bytes.count
        content = entitiesDecoded(String(decoding: bytes[index..<contentEnd], as: UTF8.self))
      }
      if bytes[contentEnd...].starts(with: "</\(name)>".utf8) {
        found.append((localName(name), content, .json))
      }
    }
    return found
  }

  /// The index just past the first `needle` at or after `start`.
  private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
    let needle = Array(needle.utf8)
    var index = start
    while let first = bytes[min(index, bytes.count)...].firstIndex(of: needle[0]) {
      if bytes[first...].starts(with: needle) { return first + needle.count }
      index = first + 1
    }
    return nil
  }

  /// A name without its namespace prefix (`wsse:Password` is `Password`).
  private static func localName(_ name: String) -> String {
    name.split(separator: ":").last.map(String.init) ?? name
  }

  /// The values of a CSV (or tab-separated) body under their columns'
  /// names: its first line names the columns (`Password`, `Secret access
  /// key`), and every later line has as many fields; quoted fields
  /// (`"a,b"`, `""`) are read as RFC 4180 writes them. A text whose first
  /// line does not look like column names, or whose lines differ in
  /// length, is no CSV.
  static func csv(_ text: String) -> [(name: String, value: String)] {
    let bytes = Array(text.utf8)
    let firstLine = bytes.prefix { $0 != 0x0A }
    guard let separator = [UInt8(ascii: ","), 0x09].first(where: firstLine.contains) else {
      return []
    }
    var rows: [[String]] = [[]]
    var field: [UInt8] = []
    var quoted = false
    var index = 0
    /// Ends the field; whether the rows so far can still be a CSV.
    func endField(endsRow: Bool) -> Bool {
      rows[rows.count - 1].append(String(decoding: field, as: UTF8.self))
      field = []
      if rows.count == 1, endsRow, !rows[0].allSatisfy(isColumnName) { return false }
      if rows.count > 1, rows[rows.count - 1].count > rows[0].count { return false }
      if endsRow { rows.append([]) }
      return true
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if quoted {
        if byte == quote, index < bytes.count, bytes[index] == quote {
          field.append(quote)
          index += 1
        } else if byte == quote {
          quoted = false
        } else {
          field.append(byte)
        }
      } else if byte == quote, field.isEmpty {
        quoted = true
      } else if byte == separator || byte == 0x0A {
        if field.last == 0x0D, byte == 0x0A { field.removeLast() }
        guard endField(endsRow: byte == 0x0A) else { return [] }
      } else {
        field.append(byte)
      }
    }
    if !field.isEmpty, !endField(endsRow: false) { return [] }
    let lines = rows.filter { !$0.isEmpty && $0 != [""] }
    guard let names = lines.first, names.count >= 2, lines.count >= 2,
      names.allSatisfy(isColumnName), lines.allSatisfy({ $0.count == names.count })
    else { return [] }
    return lines.dropFirst().flatMap { zip(names, $0).map { ($0, $1) } }
  }

  /// Whether a CSV header's field reads as a column's name: words, not
  /// JSON or markup.
  private static func isColumnName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 64 && !name.contains { "{}[]\"<>=:".contains($0) }
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
