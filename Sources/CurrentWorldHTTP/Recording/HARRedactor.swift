import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A ``HARRedaction`` at work on one exchange: which names it hides, the
/// secrets it has learned, and each part of a request or answer as a file
/// holds it.
struct HARRedactor: Sendable {
  static let marker = Redaction.marker

  private let headerNames: Set<String>
  private let queryNames: Set<String>
  private let jsonNames: Set<String>
  private let formNames: Set<String>
  private let kept: Set<String>
  /// Values to replace wherever they appear.
  private(set) var secrets: Set<String>
  private(set) var forms: SecretForms

  /// - Parameters:
  ///   - credentialHeaders: The endpoint's ``Endpoint/credential(_:_:)`` headers.
  ///   - secrets: Values already known to be secret (the token, and what
  ///     earlier exchanges of the recording hid).
  ///   - request: A request whose hidden values become secrets too, so that
  ///     an answer that echoes one does not write it.
  init(
    _ names: Names, credentialHeaders: Set<String>, secrets: some Sequence<String>,
    request: URLRequest? = nil
  ) {
    let secrets = Set(secrets)
    self.init(
      names, credentialHeaders: credentialHeaders, known: secrets, forms: SecretForms(secrets),
      request: request)
  }

  /// A redactor that knows the secrets `known`, whose forms are `forms`
  /// (a recording's, grown as it learns, so that no request makes them
  /// again), and those that `request` carries.
  init(
    _ names: Names, credentialHeaders: Set<String>, known: Set<String>, forms: SecretForms,
    request: URLRequest? = nil
  ) {
    headerNames =
      credentialHeaders.isEmpty
      ? names.headers : names.headers.union(credentialHeaders.map { $0.lowercased() })
    (kept, queryNames, jsonNames, formNames) = (names.kept, names.query, names.json, names.form)
    secrets = known
    self.forms = forms
    if let request { learn(from: request) }
  }

  init(
    _ redaction: HARRedaction, credentialHeaders: Set<String>, secrets: some Sequence<String>,
    request: URLRequest? = nil
  ) {
    self.init(
      Names(redaction), credentialHeaders: credentialHeaders, secrets: secrets, request: request)
  }

  /// The names a ``HARRedaction`` hides, as they are compared: made once
  /// per replaying client, not at each request. Names no one added are
  /// judged by ``SecretNames``.
  struct Names: Sendable {
    let headers: Set<String>
    let query: Set<String>
    let json: Set<String>
    let form: Set<String>
    let kept: Set<String>

    init(_ redaction: HARRedaction) {
      let comparable = { (names: Set<String>) in Set(names.map(HARRedaction.comparable)) }
      headers = Set(redaction.headers.map { $0.lowercased() })
        .union(HARRedaction.alwaysRedactedHeaders)
      kept = comparable(redaction.keeping)
      query = comparable(redaction.queryItems)
      json = comparable(redaction.jsonFields)
      form = comparable(redaction.formFields)
    }
  }

  // MARK: Which names are hidden

  /// Whether a header's value is hidden: in a request, every header but
  /// ``HARRedaction/harmlessRequestHeaders``; in an answer, those named
  /// like credentials.
  func hidesHeader(_ name: String, inRequest: Bool = false) -> Bool {
    if inRequest, !namesSecretHeader(name) {
      let lower = name.lowercased()
      return !HARRedaction.harmlessRequestHeaders.contains(lower)
        && !kept.contains(HARRedaction.comparable(name))
    }
    return namesSecretHeader(name)
  }

  /// Whether a header is hidden by its name, not only by its place: its
  /// value is then a secret however plain.
  private func namesSecretHeader(_ name: String) -> Bool {
    headerNames.contains(name.lowercased())
      || (!kept.contains(HARRedaction.comparable(name))
        && (HARRedaction.looksLikeCredential(header: name) || SecretNames.isSecret(name)))
  }

  func hidesQueryItem(_ name: String) -> Bool {
    hides(name, added: queryNames, inQueryOrForm: true)
  }

  private func hides(_ name: String, added: Set<String>, inQueryOrForm: Bool) -> Bool {
    let comparable = HARRedaction.comparable(name)
    if added.contains(comparable) { return true }
    return !kept.contains(comparable) && SecretNames.isSecret(name, inQueryOrForm: inQueryOrForm)
  }

  private func hidesJSONField(_ name: String) -> Bool {
    hides(name, added: jsonNames, inQueryOrForm: false)
  }

  private func hidesFormField(_ name: String) -> Bool {
    hides(name, added: formNames, inQueryOrForm: true)
  }

  // MARK: Learning secrets

  /// Takes as secrets the values `request` sends in credential places:
  /// under hidden names, in headers that are not harmless, in URL user
  /// info, and every value shaped like a credential; a compressed body is
  /// read decoded (see ``ContentCoding``).
  private mutating func learn(from request: URLRequest) {
    var found = learned(fromRequestHeaders: request.allHTTPHeaderFields ?? [:])
    if let url = request.url { found += learned(from: url) }
    let body = request.httpBody ?? Data()
    let encoding = ContentCoding.encoding(of: request)
    let decoded = ContentCoding.decodedRequestBody(body, encoding: encoding)
    for readable in ContentCoding.readable(body, decoded: decoded, encoding: encoding) {
      found += hiddenValues(in: readable)
    }
    learn(secrets: found)
  }

  /// Takes as secrets the values of the headers that the session adds to
  /// every request (its configuration's `httpAdditionalHeaders`), which
  /// the request does not show, as a request's own headers are.
  mutating func learn(sessionHeaders: [String: String]) {
    learn(secrets: learned(fromRequestHeaders: sessionHeaders))
  }

  /// The secrets that request headers carry: a secret-named header's
  /// value and its parts, the random-looking values of the others that
  /// are not harmless, random cookie values, and values shaped like
  /// credentials.
  private func learned(fromRequestHeaders headers: [String: String]) -> [String] {
    var found: [String] = []
    for (name, value) in headers {
      if name.lowercased() == "cookie" {
        // Hidden in its header by its place; only a value that looks
        // random is hunted through the file (`region=europe` is not).
        found += Self.cookieValues(value, separator: ";").filter(SecretShapes.isHunted)
      } else if namesSecretHeader(name) {
        found += Self.credentialParts(value)
      } else if hidesHeader(name, inRequest: true) {
        found += Self.credentialParts(value).filter(SecretShapes.isHunted)
      }
      found += SecretShapes.found(in: value)
    }
    return found
  }

  /// The secrets a URL carries: its user info, hidden query items, values
  /// shaped like credentials, random path segments, and the fragment's
  /// hidden fields (`#access_token=`).
  private func learned(from url: URL) -> [String] {
    guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return SecretShapes.found(in: url.absoluteString)
    }
    var found = SecretShapes.found(in: url.absoluteString.removingPercentEncoding ?? "")
    if let password = components.password {
      found += [password, "\(components.user ?? ""):\(password)"]
    }
    if let user = components.user, SecretShapes.isHunted(user) { found.append(user) }
    for item in components.queryItems ?? [] {
      guard let value = item.value else { continue }
      // A value that holds JSON or GraphQL (`variables={"password":…}`)
      // is read as a body.
      found += hidesQueryItem(item.name) ? [value] : hiddenValues(in: Data(value.utf8))
    }
    found += components.path.split(separator: "/").filter(SecretShapes.isRandom).map(String.init)
    if let fragment = components.fragment {
      let pairs = Self.formPairs(Data(fragment.utf8)) ?? []
      found += pairs.filter { hidesFormField($0.name) }.map(\.value)
    }
    return found
  }

  /// Takes what `response` hides as secrets too: each cookie it sets that
  /// looks random, its hidden headers' values, the values of hidden
  /// fields in `body` (an OAuth answer's `access_token`, read decoded when
  /// it is still compressed), and every value shaped like a credential.
  mutating func learn(from response: URLResponse, body: Data) {
    var found: [String] = []
    for (name, value) in (response as? HTTPURLResponse)?.allHeaderFields ?? [:] {
      let (name, value) = ("\(name)", "\(value)")
      if name.lowercased() == "set-cookie" {
        // As a request's cookies: hidden in their header, hunted only
        // when they look random.
        found += Self.cookieValues(value, separator: ",").filter(SecretShapes.isHunted)
      } else if hidesHeader(name) {
        found += Self.credentialParts(value)
      }
      for text in Self.urls(inHeader: name, value) {
        if let url = URL(string: text) { found += learned(from: url) }
      }
      found += SecretShapes.found(in: value)
    }
    let encoding = ContentCoding.encoding(of: response)
    let decoded = ContentCoding.decodedResponseBody(body, encoding: encoding)
    for readable in ContentCoding.readable(body, decoded: decoded, encoding: encoding) {
      found += hiddenValues(in: readable)
    }
    learn(secrets: found)
  }

  /// This redactor with `all` as its secrets, whose forms are `forms`
  /// (made once for every entry of a write); `all` holds this redactor's
  /// own secrets, or else they are kept too.
  func knowing(_ all: Set<String>, forms: SecretForms) -> HARRedactor {
    var redactor = self
    if all.isSuperset(of: secrets) {
      redactor.secrets = all
      redactor.forms = forms
    } else {
      redactor.learn(secrets: Array(all))
    }
    return redactor
  }

  /// Takes `found` as secrets; a value under four characters is none.
  /// Only the new secrets' forms are made: the others are kept.
  mutating func learn(secrets found: [String]) {
    let new = Set(found.filter { $0.count >= 4 && $0 != Self.marker }).subtracting(secrets)
    guard !new.isEmpty else { return }
    secrets.formUnion(new)
    forms = forms.adding(new)
  }

  /// A credential header's value, its part after the scheme (`Bearer abc`),
  /// the random values of its parameters (a SigV4 `Signature=`, a Digest
  /// `response="…"`), and for `Basic` the decoded `user:password` and the
  /// password.
  private static func credentialParts(_ value: String) -> [String] {
    var parts = [value]
    guard let space = value.firstIndex(of: " ") else { return parts }
    let credential = String(value[value.index(after: space)...])
    parts.append(credential)
    parts += credential.split(whereSeparator: { $0 == "," || $0 == " " }).compactMap { piece in
      guard let equals = piece.firstIndex(of: "=") else { return nil }
      let value = piece[piece.index(after: equals)...].trimmingCharacters(
        in: CharacterSet(charactersIn: "\""))
      return SecretShapes.isHunted(value) ? value : nil
    }
    if value[..<space].lowercased() == "basic",
      let decoded = Data(base64Encoded: credential).flatMap({ String(data: $0, encoding: .utf8) })
    {
      parts.append(decoded)
      if let colon = decoded.firstIndex(of: ":") {
        parts.append(String(decoded[decoded.index(after: colon)...]))
      }
    }
    return parts
  }

  /// The values of `Cookie: a=1; b=2` (separated by `;`) or of the
  /// cookies `Set-Cookie` sets (joined by `,`, each with attributes after
  /// `;`).
  private static func cookieValues(_ header: String, separator: Character) -> [String] {
    header.split(separator: separator).compactMap { part in
      let pair = part.split(separator: ";", maxSplits: 1).first ?? part
      guard let equals = pair.firstIndex(of: "="),
        !pair[..<equals].trimmingCharacters(in: .whitespaces).contains(" ")
      else { return nil }
      return pair[pair.index(after: equals)...].trimmingCharacters(
        in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"")))
    }
  }

  /// The values of hidden fields in a body (see ``BodyValues``), and
  /// the values in it shaped like credentials.
  private func hiddenValues(in body: Data) -> [String] {
    guard !body.isEmpty else { return [] }
    let values = BodyValues(body)
    return values.named.compactMap { name, value, place in
      let hidden =
        switch place {
        case .json: hidesJSONField(name)
        case .form: hidesFormField(name)
        case .query: hidesQueryItem(name)
        }
      return hidden ? value : nil
    } + values.texts.flatMap(SecretShapes.found)
  }

  // MARK: Redacting

  /// `url` as a file holds it (see ``url(text:)``); a URL that cannot be
  /// rebuilt loses its query rather than keep it.
  func url(_ url: URL) -> URL {
    let text = self.url(text: url.absoluteString)
    return URL(string: text) ?? URL(string: Self.withoutQuery(text)) ?? URL(fileURLWithPath: "/")
  }

  /// A URL's text without user info, with hidden query items' values
  /// replaced and secrets replaced; one that cannot be parsed or rebuilt
  /// is written without its query and fragment, never as it was.
  func url(text: String) -> String {
    guard var components = URLComponents(string: text) else {
      return self.text(Self.withoutQuery(text))
    }
    components.user = nil
    components.password = nil
    if let items = components.percentEncodedQueryItems {
      components.percentEncodedQueryItems = items.map { item in
        guard let value = item.value else { return item }
        if hidesQueryItem(item.name.removingPercentEncoding ?? item.name) {
          return URLQueryItem(name: item.name, value: Self.marker)
        }
        // Redacted decoded, so that JSON in a value (`%22`, `%7B`) hides
        // its fields and a secret is found whole.
        guard let decoded = value.removingPercentEncoding else { return item }
        let redacted = String(decoding: body(Data(decoded.utf8)), as: UTF8.self)
        guard redacted != decoded,
          let encoded = redacted.addingPercentEncoding(
            withAllowedCharacters: Self.queryValueAllowed)
        else { return item }
        return URLQueryItem(name: item.name, value: encoded)
      }
    }
    guard let rebuilt = components.string else { return self.text(Self.withoutQuery(text)) }
    return self.text(rebuilt)
  }

  /// What a query value may hold unescaped, as `URLComponents` writes it.
  private static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(
    CharacterSet(charactersIn: "&=+"))

  /// `text` cut before its query or fragment, without user info.
  static func withoutQuery(_ text: String) -> String {
    var text = Substring(text)
    if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<cut] }
    if let scheme = text.range(of: "://") {
      let authority = text[scheme.upperBound...].prefix { $0 != "/" }
      if let at = authority.lastIndex(of: "@") {
        text = text[..<scheme.upperBound] + text[text.index(after: at)...]
      }
    }
    return String(text)
  }

  /// Headers whose value is a URL: redacted as one.
  private static let urlHeaders: Set<String> = ["location", "content-location"]

  /// The URLs in a header's value: the whole of a `Location` or
  /// `Content-Location`, each `<…>` of a `Link`; none for other headers.
  static func urls(inHeader name: String, _ value: String) -> [String] {
    let name = name.lowercased()
    if urlHeaders.contains(name) { return [value] }
    guard name == "link" else { return [] }
    return linkTargets(value).map { String(value[$0]) }
  }

  /// The ranges of a `Link` value's targets, between `<` and `>`.
  private static func linkTargets(_ value: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var rest = value[...]
    while let open = rest.firstIndex(of: "<"),
      let close = rest[open...].firstIndex(of: ">")
    {
      ranges.append(rest.index(after: open)..<close)
      rest = rest[rest.index(after: close)...]
    }
    return ranges
  }

  /// A header's value as a file holds it: a URL in it redacted as one.
  func header(_ name: String, _ value: String, inRequest: Bool = false) -> String {
    if hidesHeader(name, inRequest: inRequest) { return Self.marker }
    if Self.urlHeaders.contains(name.lowercased()) { return url(text: value) }
    guard name.lowercased() == "link" else { return text(value) }
    var written = ""
    var last = value.startIndex
    for target in Self.linkTargets(value) {
      written += text(String(value[last..<target.lowerBound])) + url(text: String(value[target]))
      last = target.upperBound
    }
    return written + text(String(value[last...]))
  }

  /// A body with hidden JSON or form fields and secrets replaced. JSON
  /// is redacted token by token (see ``JSONRewriter``): a body with
  /// nothing to hide is written as it came, byte for byte, and a secret
  /// never leaves it invalid. Bytes that are not UTF-8 are kept as they
  /// are: the check before writing searches them, and fails the recording
  /// if one holds a secret. `depth` is how deep in another body it stands
  /// (a form field that holds one).
  func body(_ data: Data, depth: Int = 0) -> Data {
    if let json = JSONRewriter(secrets: secrets, forms: forms, hides: { hidesJSONField($0) })
      .rewrite(data)
    {
      return json
    }
    var data = data
    if let pairs = Self.formPairs(data) {
      data = Data(form(data, pairs: pairs, depth: depth).utf8)
    }
    guard !forms.text.isEmpty, String(data: data, encoding: .utf8) != nil else { return data }
    return Data(forms.replacing(in: Array(data), with: Self.marker))
  }

  /// `text` with every secret replaced, in each of its forms.
  func text(_ string: String) -> String {
    guard !forms.text.isEmpty else { return string }
    return String(
      decoding: forms.replacing(in: Array(string.utf8), with: Self.marker), as: UTF8.self)
  }

  /// A form body with its hidden fields' values replaced, a field that
  /// holds a body (JSON, percent-encoded) redacted decoded and encoded
  /// again, so that a secret is found whole; every other pair kept as it
  /// was sent.
  private func form(_ data: Data, pairs: [(name: String, value: String)], depth: Int) -> String {
    let raw = String(decoding: data, as: UTF8.self).split(
      separator: "&", omittingEmptySubsequences: false)
    return zip(raw, pairs).map { raw, pair in
      let name = raw.prefix { $0 != "=" }
      guard !hidesFormField(pair.name) else { return name + "=" + Self.marker }
      guard depth < BodyValues.maximumDepth else { return String(raw) }
      let redacted = String(
        decoding: body(Data(pair.value.utf8), depth: depth + 1), as: UTF8.self)
      guard redacted != pair.value,
        let encoded = redacted.addingPercentEncoding(withAllowedCharacters: Self.formValueAllowed)
      else { return String(raw) }
      return name + "=" + encoded
    }.joined(separator: "&")
  }

  /// What a form value redacted anew may hold unescaped: RFC 3986's
  /// unreserved characters.
  private static let formValueAllowed = CharacterSet(
    charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

  // MARK: Reading bodies

  /// The decoded pairs of a body in the form encoding (`a=1&b=x%20y`), or
  /// `nil` when it is not one: every part is `name=value` with a name,
  /// and nothing is a space, quote or bracket.
  static func formPairs(_ data: Data) -> [(name: String, value: String)]? {
    guard !data.isEmpty, let text = String(data: data, encoding: .utf8),
      !text.contains(where: { $0.isWhitespace || "\"'{}<>".contains($0) })
    else { return nil }
    var pairs: [(name: String, value: String)] = []
    for part in text.split(separator: "&", omittingEmptySubsequences: false) {
      guard let equals = part.firstIndex(of: "="), equals != part.startIndex else { return nil }
      let decode = { (text: Substring) in
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      pairs.append((decode(part[..<equals]), decode(part[part.index(after: equals)...])))
    }
    return pairs
  }
}
