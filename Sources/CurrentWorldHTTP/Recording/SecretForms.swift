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
  var text: [[UInt8]] { textIndex.forms }
  /// ``text`` and the UTF-16 forms, for bytes that are not UTF-8.
  var bytes: [[UInt8]] { bytesIndex.forms }

  /// ``text``, found by their first bytes.
  private let textIndex: FormIndex
  /// ``bytes``, found by their first bytes.
  private let bytesIndex: FormIndex
  /// Whether a text form could be found where it meets the recording's
  /// marker: then replacing goes form by form, as the order of
  /// replacements decides what is found.
  private let touchesMarker: Bool

  /// The forms of `secrets`; a secret under four characters has none, so
  /// that redaction never mangles ordinary words.
  init(_ secrets: some Sequence<String>) {
    self.init(text: FormIndex([]), bytes: FormIndex([]), touchingMarker: false, adding: secrets)
  }

  /// These forms and those of `secrets`: the forms already known are not
  /// made again, so a recording that learns secrets one exchange at a
  /// time makes each secret's forms once.
  func adding(_ secrets: some Sequence<String>) -> SecretForms {
    SecretForms(
      text: textIndex, bytes: bytesIndex, touchingMarker: touchesMarker, adding: secrets)
  }

  /// `knownText` and `knownAll` with the forms of `secrets`;
  /// `touchingMarker`: whether a form of `knownText` may meet the marker.
  private init(
    text knownText: FormIndex, bytes knownAll: FormIndex, touchingMarker: Bool,
    adding secrets: some Sequence<String>
  ) {
    var text: Set<[UInt8]> = []
    var bytes: Set<[UInt8]> = []
    for secret in secrets where secret.count >= 4 {
      text.formUnion(Self.textFormBytes(of: secret))
      var little: [UInt8] = []
      var big: [UInt8] = []
      little.reserveCapacity(secret.utf16.count * 2)
      big.reserveCapacity(secret.utf16.count * 2)
      for unit in secret.utf16 {
        little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      }
      bytes.insert(little)
      bytes.insert(big)
    }
    bytes.formUnion(text)
    let newText = text.filter { !knownText.contains($0) }.sorted(by: Self.longestFirst)
    let newBytes = bytes.filter { !knownAll.contains($0) }.sorted(by: Self.longestFirst)
    textIndex = newText.isEmpty ? knownText : FormIndex(Self.merged(knownText.forms, newText))
    bytesIndex =
      newBytes.isEmpty ? knownAll : FormIndex(Self.merged(knownAll.forms, newBytes))
    let marker = Array(HARRedactor.marker.utf8)
    touchesMarker = touchingMarker || newText.contains { Self.mayMeet($0, marker: marker) }
  }

  /// The order forms are replaced in: longest first, then by their bytes.
  private static func longestFirst(_ left: [UInt8], _ right: [UInt8]) -> Bool {
    left.count != right.count ? left.count > right.count : left.lexicographicallyPrecedes(right)
  }

  /// Two lists, each longest first and with no form in both, as one.
  private static func merged(_ left: [[UInt8]], _ right: [[UInt8]]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    result.reserveCapacity(left.count + right.count)
    var (leftIndex, rightIndex) = (0, 0)
    while leftIndex < left.count, rightIndex < right.count {
      if longestFirst(right[rightIndex], left[leftIndex]) {
        result.append(right[rightIndex])
        rightIndex += 1
      } else {
        result.append(left[leftIndex])
        leftIndex += 1
      }
    }
    result += left[leftIndex...]
    result += right[rightIndex...]
    return result
  }

  /// ``textForms(of:)`` as UTF-8; for letters and digits alone, made from
  /// the bytes without going through strings.
  private static func textFormBytes(of secret: String) -> [[UInt8]] {
    let utf8 = Array(secret.utf8)
    guard utf8.allSatisfy(isWord) else { return textForms(of: secret).map { Array($0.utf8) } }
    let base64 = Array(Data(utf8).base64EncodedData())
    let unpadded = Array(base64.prefix { $0 != UInt8(ascii: "=") })
    let urlSafe = unpadded.map { byte in
      byte == UInt8(ascii: "+")
        ? UInt8(ascii: "-") : byte == UInt8(ascii: "/") ? UInt8(ascii: "_") : byte
    }
    return [utf8, base64, unpadded, urlSafe, urlSafe + base64[unpadded.count...]]
  }

  /// `secret` as sent, JSON-escaped, percent-encoded (all but letters and
  /// digits, all but RFC 3986's unreserved characters, or as a query value;
  /// upper- and lower-case hex; `+` for a space as forms write it) and base64 (standard and
  /// URL-safe, with and without padding).
  static func textForms(of secret: String) -> Set<String> {
    // Letters and digits alone (most tokens) are their own escaped and
    // percent-encoded forms, and have no HTML-escaped one.
    if secret.utf8.allSatisfy(isWord) { return base64Forms(of: secret).union([secret]) }
    return textFormsByEscaping(secret)
  }

  /// ``textForms(of:)``, each escaping applied: what letters and digits
  /// alone come to without it.
  static func textFormsByEscaping(_ secret: String) -> Set<String> {
    var forms: Set<String> = [secret, jsonEscaped(secret)]
    for allowed in [alphanumerics, unreserved, queryValueAllowed] {
      guard let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) else {
        continue
      }
      forms.insert(encoded)
      forms.insert(lowercasingPercentEscapes(encoded))
      forms.insert(encoded.replacingOccurrences(of: "%20", with: "+"))
    }
    forms.formUnion(base64Forms(of: secret))
    forms.formUnion(htmlEscaped(secret))
    return forms
  }

  /// `secret` in base64: standard and URL-safe, with and without padding.
  private static func base64Forms(of secret: String) -> Set<String> {
    let base64 = Data(secret.utf8).base64EncodedString()
    let unpadded = String(base64.prefix { $0 != "=" })
    let urlSafe = unpadded.replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
    let padding = String(repeating: "=", count: base64.count - unpadded.count)
    return [base64, unpadded, urlSafe, urlSafe + padding]
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
  /// `marker`, form by form in ``text``'s order: a form is found in what
  /// the forms before it left.
  ///
  /// The text is read once: every place a form's bytes stand is found by
  /// the index, and each form then takes its places left to right, as
  /// whole tokens among the markers the forms before it left. Only where a
  /// form could be found across a marker (one that holds the marker's
  /// text, or an empty marker) are the forms searched one by one.
  ///
  /// Then a base64 run that decodes to a secret's bytes among others (a
  /// `Basic` value made of a user and the token) is replaced whole: the
  /// secret's own base64 forms cannot be found in it, as they depend on
  /// the bytes before the secret.
  func replacing(in bytes: [UInt8], with marker: String) -> [UInt8] {
    let replaced = replacingForms(in: bytes, with: marker)
    guard !textIndex.forms.isEmpty else { return replaced }
    let runs = Self.base64Runs(in: replaced).filter { holdsSecret(decoding: replaced[$0]) }
    guard !runs.isEmpty else { return replaced }
    var result: [UInt8] = []
    var last = 0
    for run in runs {
      result += replaced[last..<run.lowerBound] + Array(marker.utf8)
      last = run.upperBound
    }
    return result + replaced[last...]
  }

  /// Whether `run`, a base64 run, decodes to bytes that hold a secret.
  private func holdsSecret(decoding run: ArraySlice<UInt8>) -> Bool {
    guard let decoded = Self.base64Decoded(run) else { return false }
    return isFoundAsIs(in: decoded)
  }

  /// The ranges of the base64 runs in `bytes` long enough to hold a
  /// secret among other bytes: 12 or more characters of the standard or
  /// URL-safe alphabet, with their padding, between other characters.
  static func base64Runs(in bytes: [UInt8]) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    func isBase64(_ byte: UInt8) -> Bool {
      isWord(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
    var index = 0
    while index <= bytes.count {
      if index < bytes.count, isBase64(bytes[index]) {
        if start == nil { start = index }
      } else if let first = start {
        var end = index
        while end < bytes.count, end - index < 2, bytes[end] == UInt8(ascii: "=") { end += 1 }
        if end - first >= 12 { runs.append(first..<end) }
        start = nil
        index = end
        continue
      }
      index += 1
    }
    return runs
  }

  /// `run` decoded as standard or URL-safe base64, padded or not; `nil`
  /// when it is not base64.
  static func base64Decoded(_ run: ArraySlice<UInt8>) -> [UInt8]? {
    var text = String(decoding: run, as: UTF8.self)
      .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text = String(text.prefix { $0 != "=" })
    guard text.count % 4 != 1 else { return nil }
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    return Data(base64Encoded: text).map(Array.init)
  }

  /// ``replacing(in:with:)`` without its base64 runs.
  func replacingForms(in bytes: [UInt8], with marker: String) -> [UInt8] {
    let marker = Array(marker.utf8)
    guard !textIndex.forms.isEmpty else { return bytes }
    let meets =
      marker == Array(HARRedactor.marker.utf8)
      ? touchesMarker : textIndex.forms.contains { Self.mayMeet($0, marker: marker) }
    if marker.isEmpty || meets {
      return textIndex.forms.reduce(bytes) { bytes, form in
        Self.replacing(form, in: bytes, with: marker)
      }
    }
    var found: [(form: Int, position: Int)] = []
    textIndex.forEachOccurrence(in: bytes) { position, form in
      found.append((form, position))
      return true
    }
    guard !found.isEmpty else { return bytes }
    // By form in ``text``'s order, each form's places left to right.
    found.sort { $0.form != $1.form ? $0.form < $1.form : $0.position < $1.position }
    var text = MarkedText(bytes, marker: marker)
    var next = 0
    while next < found.count {
      let form = found[next].form
      let length = textIndex.forms[form].count
      var taken: [Int] = []
      var free = 0
      while next < found.count, found[next].form == form {
        let position = found[next].position
        next += 1
        if position >= free, text.isWholeToken(textIndex.forms[form], at: position) {
          taken.append(position)
          free = position + length
        }
      }
      // Marked after the form's search: it looked at the text the forms
      // before it left.
      for position in taken { text.mark(position..<position + length) }
    }
    return text.result()
  }

  /// Whether `bytes` hold a form (UTF-16 ones included) as a whole token.
  /// A base64 run that decodes to a secret counts too (see
  /// ``replacing(in:with:)``).
  func isFound(in bytes: [UInt8]) -> Bool {
    if isFoundAsIs(in: bytes) { return true }
    guard !bytesIndex.forms.isEmpty else { return false }
    return Self.base64Runs(in: bytes).contains { holdsSecret(decoding: bytes[$0]) }
  }

  /// ``isFound(in:)`` in the bytes as they are.
  func isFoundAsIs(in bytes: [UInt8]) -> Bool {
    var found = false
    bytesIndex.forEachOccurrence(in: bytes) { position, form in
      found = Self.isWholeToken(bytesIndex.forms[form], at: position, in: bytes)
      return !found
    }
    return found
  }

  /// Whether `form`, standing at `index` in `bytes`, is a whole token
  /// there.
  private static func isWholeToken(_ form: [UInt8], at index: Int, in bytes: [UInt8]) -> Bool {
    let first = form[0]
    let end = index + form.count
    return
      !(index > 0 && isWord(bytes[index - 1]) && isWord(first)
      && !isEscape(bytes, before: index))
      && !(end < bytes.count && isWord(bytes[end]) && isWord(form[form.count - 1]))
  }

  /// Whether `form` could be found where it meets `marker` in a text: its
  /// bytes agree with the marker's where they overlap, and the marker's
  /// letters around it do not make it part of a longer token.
  static func mayMeet(_ form: [UInt8], marker: [UInt8]) -> Bool {
    guard !marker.isEmpty else { return true }
    // `shift`: where the form starts, counted from the marker's start.
    for shift in (1 - form.count)..<marker.count {
      let overlap = max(shift, 0)..<min(shift + form.count, marker.count)
      guard overlap.allSatisfy({ marker[$0] == form[$0 - shift] }) else { continue }
      if shift > 0, isWord(marker[shift - 1]), isWord(form[0]),
        shift >= 2, marker[shift - 2] != UInt8(ascii: "\\")
      {
        continue  // starts inside a word of the marker's
      }
      let end = shift + form.count
      if end < marker.count, isWord(marker[end]), isWord(form[form.count - 1]) {
        continue  // ends inside a word of the marker's
      }
      return true
    }
    return false
  }

  /// `bytes` with every whole-token occurrence of `form` replaced by
  /// `marker`, searched for one place after another.
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
        isWholeToken(form, at: index, in: bytes)
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
  fileprivate static func isWord(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}

/// Forms in the order they are searched for, each found by its first
/// four bytes: a text is read once, whatever the number of forms.
struct FormIndex: Sendable {
  /// The forms, in the order they are searched for.
  let forms: [[UInt8]]
  /// The forms of four bytes or more by their first four bytes (as a
  /// little-endian number), each list in ``forms``' order.
  private let byPrefix: [UInt32: [Int]]
  /// The forms under four bytes, tried at every place.
  private let short: [Int]
  /// A bit for each pair of bytes that starts a form of four bytes or
  /// more: most places in a text are passed over without a lookup.
  private let pairs: [UInt64]

  /// An index of `forms`, which keeps their order.
  init(_ forms: [[UInt8]]) {
    self.forms = forms
    var byPrefix: [UInt32: [Int]] = [:]
    var short: [Int] = []
    var pairs = [UInt64](repeating: 0, count: forms.isEmpty ? 0 : 1024)
    for (index, form) in forms.enumerated() {
      guard form.count >= 4 else {
        if !form.isEmpty { short.append(index) }
        continue
      }
      byPrefix[Self.prefix(form, at: 0), default: []].append(index)
      let pair = Int(form[0]) << 8 | Int(form[1])
      pairs[pair >> 6] |= 1 << UInt64(pair & 63)
    }
    self.byPrefix = byPrefix
    self.short = short
    self.pairs = pairs
  }

  /// The four bytes of `bytes` from `index`, as a number.
  private static func prefix(_ bytes: [UInt8], at index: Int) -> UInt32 {
    UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
      | UInt32(bytes[index + 3]) << 24
  }

  /// Whether `form` is one of the forms.
  func contains(_ form: [UInt8]) -> Bool {
    guard form.count >= 4 else { return short.contains { forms[$0] == form } }
    return byPrefix[Self.prefix(form, at: 0)]?.contains { forms[$0] == form } ?? false
  }

  /// Calls `body` with each place in `bytes` where a form's bytes stand
  /// (whole token or not) and the form's index, place by place and, at
  /// one place, in ``forms``' order; stops when `body` returns false.
  func forEachOccurrence(in bytes: [UInt8], _ body: (_ position: Int, _ form: Int) -> Bool) {
    guard !forms.isEmpty else { return }
    for position in bytes.indices {
      for form in short where Self.stands(forms[form], at: position, in: bytes) {
        guard body(position, form) else { return }
      }
      guard position + 4 <= bytes.count else { continue }
      let pair = Int(bytes[position]) << 8 | Int(bytes[position + 1])
      guard pairs[pair >> 6] & (1 << UInt64(pair & 63)) != 0,
        let candidates = byPrefix[Self.prefix(bytes, at: position)]
      else { continue }
      for form in candidates where Self.stands(forms[form], at: position, in: bytes) {
        guard body(position, form) else { return }
      }
    }
  }

  /// Whether `form`'s bytes stand at `position` in `bytes`.
  private static func stands(_ form: [UInt8], at position: Int, in bytes: [UInt8]) -> Bool {
    position + form.count <= bytes.count
      && bytes[position..<position + form.count].elementsEqual(form)
  }
}

/// A text in which places are replaced by a marker, each place's bytes
/// read as the text now holds them, without building it until the end.
private struct MarkedText {
  /// The text as it was.
  let bytes: [UInt8]
  /// What a replaced place holds.
  let marker: [UInt8]
  /// For each byte of ``bytes``, the start of the replaced place that
  /// holds it, or -1.
  private var cover: [Int]
  /// The end of each replaced place, by its start.
  private var ends: [Int: Int] = [:]

  /// `bytes`, nothing replaced yet; `marker` is not empty.
  init(_ bytes: [UInt8], marker: [UInt8]) {
    self.bytes = bytes
    self.marker = marker
    cover = [Int](repeating: -1, count: bytes.count)
  }

  /// Replaces `range`, which no replaced place overlaps.
  mutating func mark(_ range: Range<Int>) {
    for index in range { cover[index] = range.lowerBound }
    ends[range.lowerBound] = range.upperBound
  }

  /// Whether `form`, whose bytes stand at `position` in ``bytes``, is
  /// found there in the text as it now is: no replaced place overlaps it,
  /// and it is a whole token among the bytes now around it.
  func isWholeToken(_ form: [UInt8], at position: Int) -> Bool {
    let end = position + form.count
    guard cover[position..<end].allSatisfy({ $0 < 0 }) else { return false }
    if SecretForms.isWord(form[0]), let before = byte(back: 1, from: position),
      SecretForms.isWord(before), byte(back: 2, from: position) != UInt8(ascii: "\\")
    {
      return false
    }
    if SecretForms.isWord(form[form.count - 1]), end < bytes.count {
      let after = cover[end] < 0 ? bytes[end] : marker[0]
      if SecretForms.isWord(after) { return false }
    }
    return true
  }

  /// The byte `distance` bytes before the place in the text as it now is
  /// that was `index` in ``bytes``; `nil` before the start.
  private func byte(back distance: Int, from index: Int) -> UInt8? {
    var (index, distance) = (index, distance)
    while index > 0 {
      let start = cover[index - 1]
      if start < 0 {
        if distance == 1 { return bytes[index - 1] }
        (index, distance) = (index - 1, distance - 1)
      } else {
        if distance <= marker.count { return marker[marker.count - distance] }
        (index, distance) = (start, distance - marker.count)
      }
    }
    return nil
  }

  /// The text with every replaced place holding the marker.
  func result() -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if cover[index] < 0 {
        result.append(bytes[index])
        index += 1
      } else {
        result += marker
        index = ends[index] ?? bytes.count
      }
    }
    return result
  }
}
