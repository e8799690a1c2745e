import Foundation

/// The last check before a recording is written: the entries and the bytes
/// about to be written are searched for every secret the recording knows,
/// in every form it takes (see ``SecretForms``). A recording that would
/// write one is not written: this is what keeps the promise for a path
/// that redaction did not foresee.
enum HARLeakCheck {
  /// Where a secret would have been written, and how to hide it.
  struct Leak: Error, Equatable {
    /// `log.entries[2].response.headers["X-Echo"]`.
    var place: String
    /// The `HARRedaction` that hides it, or what to do.
    var advice: String

    /// The failure a test reports: never the secret itself.
    func message(file: String) -> String {
      "CurrentWorld did not write the recording \(file): \(place) holds a secret that this "
        + "recording sent or received (the token, a credential header, a cookie, or a value "
        + "under a hidden name), as sent or encoded (JSON-escaped, percent-encoded, base64 "
        + "or compressed), or compressed data too large to check. \(advice) Nothing was written."
    }
  }

  /// The first place in `entries`, or else in `bytes` (the file about to be
  /// written), that holds a form of a secret; `nil` when none does.
  ///
  /// In the file, every string and number is searched, and a body's text
  /// by its values: JSON keys and form names are not, so that a secret
  /// that is also a word (a test password `password`) does not fail a
  /// recording whose body only names the field. Compressed data (gzip,
  /// zlib, and raw deflate in a binary body), as bytes or as base64 text,
  /// is searched inflated as far as it decodes; data that inflates past
  /// ``ContentCoding/limit`` cannot be vouched for, and counts as a leak.
  static func leak(in entries: [HAR.Entry], bytes: Data, forms: SecretForms) -> Leak? {
    guard !forms.bytes.isEmpty else { return nil }
    for (index, entry) in entries.enumerated() {
      if let leak = leak(in: entry, forms: forms) {
        return Leak(place: "log.entries[\(index)].\(leak.place)", advice: leak.advice)
      }
    }
    let document = try? JSONSerialization.jsonObject(with: bytes)
    guard document.map({ holds($0, forms: forms) }) ?? forms.isFound(in: Array(bytes)) else {
      return nil
    }
    return Leak(place: "the file", advice: "Name the field that holds it in HARRedaction.")
  }

  /// Whether a JSON value holds a secret in a string or number, a string
  /// being searched as a body, and as the compressed data its base64
  /// stands for.
  private static func holds(_ value: Any, forms: SecretForms, depth: Int = 0) -> Bool {
    switch value {
    case let object as [String: Any]:
      object.values.contains { holds($0, forms: forms, depth: depth) }
    case let array as [Any]: array.contains { holds($0, forms: forms, depth: depth) }
    case let text as String:
      bodyHolds(Data(text.utf8), forms: forms, depth: depth)
        || base64Bytes(text).map { inflatedHolds($0, tryRaw: false, forms: forms, depth: depth) }
          ?? false
    case let number as NSNumber: forms.isFound(in: Array("\(number)".utf8))
    default: false
    }
  }

  /// Whether a body holds a secret: a JSON body in its values, a form in
  /// its values, anything else in its bytes and, when they are
  /// compressed, inflated (raw deflate too when `binary`).
  private static func bodyHolds(
    _ body: Data, forms: SecretForms, binary: Bool = false, depth: Int = 0
  ) -> Bool {
    if let first = body.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
      let json = try? JSONSerialization.jsonObject(with: body)
    {
      return holds(json, forms: forms, depth: depth)
    }
    if let pairs = HARRedactor.formPairs(body) {
      return pairs.contains { forms.isFound(in: Array($0.value.utf8)) }
    }
    let bytes = Array(body)
    return forms.isFound(in: bytes)
      || inflatedHolds(bytes, tryRaw: binary, forms: forms, depth: depth)
  }

  /// Whether compressed `bytes`, inflated as far as they decode, hold a
  /// secret; true when they inflate past the limit, which no search
  /// vouches for. Compressed data inside is read four layers deep.
  private static func inflatedHolds(
    _ bytes: [UInt8], tryRaw: Bool, forms: SecretForms, depth: Int
  ) -> Bool {
    guard depth < 4,
      let inflated = Inflate.salvage(bytes, limit: ContentCoding.limit, tryRaw: tryRaw)
    else { return false }
    return inflated.overLimit
      || bodyHolds(Data(inflated.bytes), forms: forms, binary: true, depth: depth + 1)
  }

  /// The bytes that `text` stands for when it is base64 (standard or
  /// URL-safe, padded or not, across lines) long enough to hold
  /// compressed data; `nil` otherwise.
  static func base64Bytes(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    for byte in text.utf8 where !" \r\n\t=".utf8.contains(byte) {
      switch byte {
      case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
      case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
        bytes.append(byte)
      default: return nil
      }
    }
    guard bytes.count >= 12 else { return nil }
    bytes += Array(repeating: UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
    return Data(base64Encoded: Data(bytes)).map { Array($0) }
  }

  private static func leak(in entry: HAR.Entry, forms: SecretForms) -> Leak? {
    let found = { (text: String?) in
      text.map { text in
        forms.isFound(in: Array(text.utf8))
          || base64Bytes(text).map { inflatedHolds($0, tryRaw: false, forms: forms, depth: 0) }
            ?? false
      } ?? false
    }
    let request = entry.request
    let response = entry.response
    if found(request.url) {
      return Leak(
        place: "request.url", advice: "Name its query item in HARRedaction(queryItems:).")
    }
    for (kind, headers) in [("request", request.headers), ("response", response.headers)] {
      for header in headers ?? [] where found(header.value) {
        return Leak(
          place: "\(kind).headers[\"\(header.name)\"]",
          advice: "Hide it with HARRedaction(headers: [\"\(header.name)\"]).")
      }
    }
    for item in request.queryString ?? [] where found(item.value) {
      return Leak(
        place: "request.queryString[\"\(item.name)\"]",
        advice: "Hide it with HARRedaction(queryItems: [\"\(item.name)\"]).")
    }
    for (kind, cookies) in [("request", request.cookies), ("response", response.cookies)] {
      for cookie in cookies ?? [] where found(cookie.value) {
        return Leak(
          place: "\(kind).cookies[\"\(cookie.name)\"]",
          advice: "Hide it with HARRedaction(headers: [\"Cookie\", \"Set-Cookie\"]).")
      }
    }
    if found(response.redirectURL) {
      return Leak(
        place: "response.redirectURL", advice: "Name its query item in HARRedaction(queryItems:).")
    }
    let bodies = [
      ("request.postData.text", request.postData?.text, request.postData?.encoding),
      ("response.content.text", response.content?.text, response.content?.encoding),
    ]
    for (place, text, encoding) in bodies {
      guard let text else { continue }
      let bytes =
        encoding?.lowercased() == "base64"
        ? Data(base64Encoded: text, options: .ignoreUnknownCharacters) ?? Data(text.utf8)
        : Data(text.utf8)
      if bodyHolds(bytes, forms: forms, binary: encoding?.lowercased() == "base64") {
        return Leak(place: place, advice: advice(forBody: bytes, forms: forms))
      }
    }
    return nil
  }

  /// Names the JSON field or form field that holds the secret, when the
  /// body is either.
  private static func advice(forBody body: Data, forms: SecretForms) -> String {
    if let json = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed),
      let field = key(holdingSecretIn: json, forms: forms)
    {
      return
        "Its JSON field \"\(field)\" holds it: hide it with HARRedaction(jsonFields: [\"\(field)\"])."
    }
    if let pairs = HARRedactor.formPairs(body),
      let pair = pairs.first(where: { forms.isFound(in: Array($0.value.utf8)) })
    {
      return
        "Its form field \"\(pair.name)\" holds it: hide it with HARRedaction(formFields: [\"\(pair.name)\"])."
    }
    return "The body is neither JSON nor a form (or holds it compressed), so no field can hide "
      + "it: record a body that does not echo it."
  }

  private static func key(holdingSecretIn json: Any, forms: SecretForms) -> String? {
    if let object = json as? [String: Any] {
      for (name, value) in object.sorted(by: { $0.key < $1.key }) {
        let text = (value as? String) ?? (value as? NSNumber).map { "\($0)" }
        if let text, forms.isFound(in: Array(text.utf8)) { return name }
        if let nested = key(holdingSecretIn: value, forms: forms) { return nested }
      }
    }
    if let array = json as? [Any] {
      return array.lazy.compactMap { key(holdingSecretIn: $0, forms: forms) }.first
    }
    return nil
  }
}
