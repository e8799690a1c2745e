import CurrentWorld
import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A red team's search for a planted secret in a recording made with the
/// default options: each family of secrets goes from a loopback server (or
/// the request) into a HAR file, and the file's bytes are searched for it
/// in every form a reader could decode. A harmless value planted beside
/// the secrets must be written, so that writing nothing cannot pass.
@Suite(.timeLimit(.minutes(10))) struct RedTeamTests {
  static let token = "RT-bearer-0c4d2e91a7"
  static let recordedAt = Date(timeIntervalSince1970: 1_800_000_000)
  /// Planted beside the secrets: no secret, so it must be written.
  static let harmless = "Lisbon"

  static func client(_ baseURL: URL) -> HTTPClient {
    HTTPClient.live(
      baseURL: baseURL, token: { token }, clock: { ContinuousClock() }, now: { recordedAt })
  }

  static func recording(_ baseURL: URL, to file: URL) -> HTTPClient {
    client(baseURL).replaying(.contentsOf(file, mode: .recordAll))
  }

  /// A file in a folder of its own, removed after `body`.
  static func withFile<R>(_ body: (URL) async throws -> R) async rethrows -> R {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("red-team-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder.appendingPathComponent("red-team.har"))
  }

  /// `object` as JSON text, keys sorted.
  static func jsonText(_ object: Any) -> String {
    let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data ?? Data("{}".utf8), as: UTF8.self)
  }

  // MARK: Searching the file

  /// The entities an HTML writer may put for each character.
  static let entities: [Character: [String]] = [
    "&": ["&amp;", "&#x26;", "&#38;"], "<": ["&lt;", "&#x3C;", "&#x3c;", "&#60;"],
    ">": ["&gt;", "&#x3E;", "&#x3e;", "&#62;"], "\"": ["&quot;", "&#x22;", "&#34;"],
    "'": ["&#x27;", "&#39;", "&apos;"], "/": ["&#x2F;", "&#x2f;", "&#47;", "&sol;"],
    "=": ["&#x3D;", "&#x3d;", "&#61;", "&equals;"], "+": ["&#x2B;", "&#x2b;", "&#43;", "&plus;"],
    ":": ["&#x3A;", "&#x3a;", "&#58;", "&colon;"], "`": ["&#x60;", "&#96;", "&grave;"],
  ]

  /// `secret` HTML-escaped: each escapable character written as the
  /// `style`-th entity that it has.
  static func htmlForms(of secret: String) -> Set<String> {
    guard secret.contains(where: { entities[$0] != nil }) else { return [] }
    var forms: Set<String> = []
    for style in 0..<4 {
      forms.insert(
        secret.map { character in
          entities[character].map { $0[min(style, $0.count - 1)] } ?? String(character)
        }.joined())
    }
    return forms
  }

  /// Every form `secret` is searched in.
  static func forms(of secret: String) -> Set<String> {
    SecretForms.textForms(of: secret).union(htmlForms(of: secret)).union([secret])
  }

  /// Every string in the JSON `value` (keys too), each with where it is;
  /// a string that parses as JSON (behind a BOM or an XSSI prefix too),
  /// a base64 body once decoded, and base64 that stands for gzip, zlib or
  /// (in a body) raw deflate data once inflated, are searched as well.
  static func strings(in value: Any, at path: String, depth: Int = 0) -> [(String, String)] {
    guard depth < 12 else { return [] }
    switch value {
    case let text as String:
      var found = [(path, text)]
      if let decoded = text.removingPercentEncoding, decoded != text {
        found.append((path + " (percent-decoded)", decoded))
      }
      if let inner = parsedJSON(text) {
        found += strings(in: inner, at: path + " (as JSON)", depth: depth + 1)
      }
      if let data = Data(base64Encoded: text), let inflated = Inflate.salvage(Array(data)) {
        let decoded = String(decoding: inflated.bytes, as: UTF8.self)
        found += strings(in: decoded, at: path + " (base64, inflated)", depth: depth + 1)
      }
      return found
    case let object as [String: Any]:
      var found: [(String, String)] = []
      for (key, inner) in object.sorted(by: { $0.key < $1.key }) {
        found.append((path + " (key)", key))
        found += strings(in: inner, at: path + "." + key, depth: depth + 1)
      }
      if object["encoding"] as? String == "base64", let text = object["text"] as? String,
        let data = Data(base64Encoded: text)
      {
        let decoded = String(decoding: data, as: UTF8.self)
        found += strings(in: decoded, at: path + ".text (base64-decoded)", depth: depth + 1)
        if let inflated = Inflate.salvage(Array(data), tryRaw: true) {
          let decoded = String(decoding: inflated.bytes, as: UTF8.self)
          found += strings(in: decoded, at: path + ".text (base64, inflated)", depth: depth + 1)
        }
      }
      return found
    case let array as [Any]:
      return array.enumerated().flatMap { index, inner in
        strings(in: inner, at: "\(path)[\(index)]", depth: depth + 1)
      }
    default:
      return []
    }
  }

  /// `text` parsed as JSON, after a BOM or an XSSI prefix; `nil` when it
  /// is not JSON or is a bare scalar.
  static func parsedJSON(_ text: String) -> Any? {
    var body = Substring(text)
    if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
    if body.hasPrefix(")]}'") { body = body.drop { $0 != "\n" } }
    body = body.drop { $0.isWhitespace }
    guard body.first == "{" || body.first == "[" || body.first == "\"" else { return nil }
    return try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])
  }

  /// The file's text, with every one of `secrets` absent from its bytes in
  /// every form, and from every JSON string in it, decoded recursively;
  /// and with ``harmless`` present.
  @discardableResult
  static func expectNoSecret(
    _ secrets: [String], in file: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    // Ends the recording, as the test's end or the process's exit would.
    FileRecording.close(file)
    let bytes = try Data(contentsOf: file)
    let text = String(decoding: bytes, as: UTF8.self)
    let document = try JSONSerialization.jsonObject(with: bytes)
    let decoded = strings(in: document, at: "$")
    for secret in secrets {
      for form in forms(of: secret) {
        if let range = bytes.range(of: Data(form.utf8)) {
          let around = bytes[
            max(
              bytes.startIndex, range.lowerBound - 80)..<min(bytes.endIndex, range.upperBound + 40)]
          Issue.record(
            "\(secret) is in the file's bytes as \(form): …\(String(decoding: around, as: UTF8.self))…",
            sourceLocation: sourceLocation)
        }
        if let (path, _) = decoded.first(where: { $0.1.contains(form) }) {
          Issue.record(
            "\(secret) is in the file, decoded, at \(path) as \(form)",
            sourceLocation: sourceLocation)
        }
      }
    }
    #expect(
      text.contains(harmless), "the harmless \(harmless) was not written: \(text)",
      sourceLocation: sourceLocation)
    return text
  }

  // MARK: 1. Headers

  static let apimKey = "RT-apim-3c8e1f70a2"
  static let hubHex = "9f2b7c4e1a8d3f6b0c5e9a2d7f4b1c8e3a6d9f2b5c8e1a4d7f0b3c6e9a2d5f8b"
  static let customCredential = "RT-cred-5d7a9b13e6"
  static let accessKeyID = "AKIARTX4K9M2P7Q1W8Z3"
  static let signature = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
  static let sigV4 =
    "AWS4-HMAC-SHA256 Credential=\(accessKeyID)/20270115/eu-west-1/s3/aws4_request, "
    + "SignedHeaders=host, Signature=\(signature)"

  /// Promise: a credential in a header whose name no list knows is not
  /// written, nor where the server echoes it, nor a SigV4 signature that
  /// the server echoes alone.
  @Test func credentialHeadersWithUnknownNames() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        if request.path == "/bucket/object" {
          let signature =
            (request.headers["authorization"] ?? "").components(separatedBy: "Signature=").last
            ?? ""
          return .respond(
            status: 403, headers: ["Content-Type": "application/xml"],
            body: Data(
              ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>SignatureDoesNotMatch</Code>"
                + "<SignatureProvided>\(signature)</SignatureProvided>"
                + "<Region>\(Self.harmless)</Region></Error>").utf8))
        }
        let echoed = ["ocp-apim-subscription-key", "x-hub-signature-256", "x-custom-credential"]
          .map { request.headers[$0] ?? "" }
        return .json(Self.jsonText(["echo": echoed, "city": Self.harmless]))
      }
      let client = Self.recording(server.baseURL, to: file)
      let data = try await client.data(
        for: Endpoint(.post, "/webhooks")
          .header("Ocp-Apim-Subscription-Key", Self.apimKey)
          .header("X-Hub-Signature-256", "sha256=\(Self.hubHex)")
          .header("X-Custom-Credential", Self.customCredential))
      #expect(String(decoding: data, as: UTF8.self).contains(Self.apimKey), "the server saw it")
      // S3 answers a bad signature with 403 and an XML error.
      await #expect(throws: APIError.self) {
        try await client.data(
          for: Endpoint(.get, "/bucket/object").header("Authorization", Self.sigV4))
      }
      server.stop()
      let text = try Self.expectNoSecret(
        [
          Self.apimKey, "sha256=\(Self.hubHex)", Self.hubHex, Self.customCredential,
          Self.accessKeyID, Self.signature, Self.sigV4,
        ], in: file)
      #expect(text.contains("SignatureDoesNotMatch"), "the XML error was recorded: \(text)")
    }
  }

  // MARK: 2. JSON field spellings

  static let fieldSecrets: KeyValuePairs<String, String> = [
    "new_password": "RT-newpw-a1b2c3d4", "current_password": "RT-curpw-e5f6a7b8",
    "otp": "RT-otp-9c0d1e2f", "assertion": "RT-assert-3a4b5c6d",
    "device_code": "RT-devcode-7e8f9a0b", "mfa_token": "RT-mfa-1c2d3e4f",
    "oauth_token_secret": "RT-ots-5a6b7c8d", "oauth_verifier": "RT-overif-9e0f1a2b",
    "WebIdentityToken": "RT-webid-3c4d5e6f", "SecretAccessKey": "RT-sak-7a8b9c0d",
    "auth_token": "RT-authtok-1e2f3a4b",
  ]

  /// Promise: a JSON request body's fields spelt as services spell them
  /// are not written, nor the server's JSON answer that echoes them.
  @Test func secretFieldSpellingsInJSONBodies() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        .json(
          #"{"city":"\#(Self.harmless)","received":\#(String(decoding: request.body, as: UTF8.self))}"#
        )
      }
      var fields = Dictionary(uniqueKeysWithValues: Self.fieldSecrets.map { ($0.key, $0.value) })
      fields["city"] = Self.harmless
      _ = try await Self.recording(server.baseURL, to: file)
        .data(for: try Endpoint(.post, "/account/update").jsonBody(fields))
      server.stop()
      try Self.expectNoSecret(Self.fieldSecrets.map(\.value), in: file)
    }
  }

  // MARK: 3. Bracketed form names

  static let formSecrets = [
    "RT-formpw-6d7e8f9a", "RT-formkey-0b1c2d3e", "RT-formpw-enc-4f5a6b7c",
    "RT-formkey-enc-8d9e0f1a",
  ]

  /// Promise: a form field named as Rails names it (`user[password]`,
  /// raw or percent-encoded) is not written, nor its echo in a form answer.
  @Test func bracketedFormNames() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        .respond(
          status: 200, headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: request.body)
      }
      let client = Self.recording(server.baseURL, to: file)
      for (path, body) in [
        (
          "/users/raw",
          "user[password]=\(Self.formSecrets[0])&user[api_key]=\(Self.formSecrets[1])"
            + "&user[city]=\(Self.harmless)"
        ),
        (
          "/users/encoded",
          "user%5Bpassword%5D=\(Self.formSecrets[2])&user%5Bapi_key%5D=\(Self.formSecrets[3])"
            + "&user%5Bcity%5D=\(Self.harmless)"
        ),
      ] {
        var endpoint = Endpoint(.post, path)
          .header("Content-Type", "application/x-www-form-urlencoded")
        endpoint.body = Data(body.utf8)
        _ = try await client.data(for: endpoint)
      }
      server.stop()
      try Self.expectNoSecret(Self.formSecrets, in: file)
    }
  }

  // MARK: 4. XML answers

  static let stsSecrets = [
    "ASIART7Q2W9E4R6T8Y1U", "RTsecretAccessKey/wJalrXUtnFEMI7K4PxRfiCYzz",
    "RT-session-FwoGZXIvYXdzEJr8k3m2n1b0v9c8x7z6",
  ]

  /// Promise: an STS-like XML answer's credentials are not written.
  @Test func credentialsInAnXMLAnswer() async throws {
    try await Self.withFile { file in
      let xml = """
        <AssumeRoleWithWebIdentityResponse><AssumeRoleWithWebIdentityResult><Credentials>\
        <AccessKeyId>\(Self.stsSecrets[0])</AccessKeyId>\
        <SecretAccessKey>\(Self.stsSecrets[1])</SecretAccessKey>\
        <SessionToken>\(Self.stsSecrets[2])</SessionToken>\
        <Expiration>2027-01-15T12:00:00Z</Expiration></Credentials>\
        <Region>\(Self.harmless)</Region></AssumeRoleWithWebIdentityResult>\
        </AssumeRoleWithWebIdentityResponse>
        """
      let server = try LoopbackServer { _ in
        .respond(status: 200, headers: ["Content-Type": "text/xml"], body: Data(xml.utf8))
      }
      _ = try await Self.recording(server.baseURL, to: file).data(
        for: Endpoint(.post, "/sts"))
      server.stop()
      try Self.expectNoSecret(Self.stsSecrets, in: file)
    }
  }

  // MARK: 5. HTML answers

  static let htmlSecrets = ["RT-idtoken-2b3c4d5e6f", "RT-code-4e5f6a7b8c", "RT-html/esc-9a8b7c6d"]

  /// Promise: an OIDC form_post page's `id_token` and `code` are not
  /// written, nor a token the client sent that a page writes HTML-escaped.
  @Test func secretsInAnHTMLAnswer() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        let page =
          request.path == "/authorize"
          ? """
          <html><body onload="document.forms[0].submit()">\
          <form method="post" action="https://app.example/callback">\
          <input type="hidden" name="id_token" value="\(Self.htmlSecrets[0])"/>\
          <input type="hidden" name="code" value="\(Self.htmlSecrets[1])"/>\
          <input type="hidden" name="city" value="\(Self.harmless)"/></form></body></html>
          """
          : "<html><body><p>Your token: RT-html&#x2F;esc-9a8b7c6d</p><p>\(Self.harmless)</p>"
            + "</body></html>"
        return .respond(
          status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(page.utf8))
      }
      let client = Self.recording(server.baseURL, to: file)
      _ = try await client.data(for: Endpoint(.get, "/authorize"))
      _ = try await client.data(
        for: Endpoint(.get, "/tokens/show").header("X-Session", Self.htmlSecrets[2]))
      server.stop()
      try Self.expectNoSecret(Self.htmlSecrets, in: file)
    }
  }

  // MARK: 6. Multipart bodies

  static let multipartSecrets = ["RT-mp-pass-5c6d7e8f", "RT-mp-key-9a0b1c2d"]

  /// Promise: a multipart request body's `password` and `api_key` parts
  /// are not written.
  @Test func secretPartsOfAMultipartBody() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
      let boundary = "RTboundary7f3a9c21"
      let parts = [
        ("password", Self.multipartSecrets[0]), ("api_key", Self.multipartSecrets[1]),
        ("city", Self.harmless),
      ]
      let body =
        parts.map { name, value in
          "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }.joined() + "--\(boundary)--\r\n"
      var endpoint = Endpoint(.post, "/signup")
        .header("Content-Type", "multipart/form-data; boundary=\(boundary)")
      endpoint.body = Data(body.utf8)
      _ = try await Self.recording(server.baseURL, to: file).data(for: endpoint)
      server.stop()
      try Self.expectNoSecret(Self.multipartSecrets, in: file)
    }
  }

  // MARK: 7. JSON in disguise

  static let wrappedSecrets = ["RT-bom-3e4f5a6b7c", "RT-xssi-8d9e0f1a2b", "RT-lambda-3c4d5e6f7a"]

  /// Promise: JSON behind a BOM, behind an XSSI prefix, and inside a JSON
  /// string (as Lambda answers) has its secret fields hidden.
  @Test func jsonBehindAPrefixOrInsideAString() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        switch request.path {
        case "/bom":
          .json("\u{FEFF}" + #"{"access_token":"\#(Self.wrappedSecrets[0])","city":"Lisbon"}"#)
        case "/xssi":
          .json(")]}'\n" + #"{"token":"\#(Self.wrappedSecrets[1])","city":"Lisbon"}"#)
        default:
          .json(
            #"{"statusCode":200,"body":"{\"secret\":\"\#(Self.wrappedSecrets[2])\",\"city\":\"Lisbon\"}"}"#
          )
        }
      }
      let client = Self.recording(server.baseURL, to: file)
      for path in ["/bom", "/xssi", "/lambda"] {
        _ = try await client.data(for: Endpoint(.get, path))
      }
      server.stop()
      try Self.expectNoSecret(Self.wrappedSecrets, in: file)
    }
  }

  // MARK: 8. Shapes

  static let jwt =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.RTsig7kQ2wX9pL4mN8vB3cZ6yH1jF5dS0aGeT-uI2o_"
  static let pemLine = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQCRTredTeam7k3p9"
  static let pem = "-----BEGIN PRIVATE KEY-----\n\(pemLine)\n-----END PRIVATE KEY-----\n"
  static let awsKey = "AKIART2Q8W4E6R1T3Y5U"
  static let githubToken = "ghp_RT9aB8cD7eF6gH5iJ4kL3mN2oP1qR0sT9uV8"

  /// Promise: a secret known by its shape is not written under a name
  /// that hides nothing: a JWT in a path, a PEM private key, an AWS access
  /// key ID and a GitHub token.
  @Test func secretsKnownByTheirShape() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        request.path.hasPrefix("/v1/magic-links/")
          ? .json(#"{"verified":true,"city":"Lisbon"}"#)
          : .json(
            Self.jsonText([
              "pem": Self.pem, "note": "key \(Self.awsKey) rotated", "value": Self.githubToken,
              "city": Self.harmless,
            ]))
      }
      let client = Self.recording(server.baseURL, to: file)
      _ = try await client.data(for: Endpoint(.get, "/v1/magic-links/\(Self.jwt)/verify"))
      _ = try await client.data(for: Endpoint(.get, "/deploy-keys"))
      server.stop()
      try Self.expectNoSecret(
        [Self.jwt, Self.pemLine, Self.pem, Self.awsKey, Self.githubToken], in: file)
    }
  }

  // MARK: 9. A secret learned late

  static let invitation = "RT-invite-6b5a4c3d2e"

  /// Promise: a value that a later request shows to be secret is not left
  /// in an entry recorded before it was known.
  @Test func aSecretLearnedLate() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { _ in .json(#"{"invitation":"ok","city":"Lisbon"}"#) }
      let client = Self.recording(server.baseURL, to: file)
      _ = try await client.data(for: Endpoint(.get, "/invitations/\(Self.invitation)"))
      _ = try await client.data(
        for: try Endpoint(.post, "/accept").jsonBody(["token": Self.invitation]))
      server.stop()
      try Self.expectNoSecret([Self.invitation], in: file)
    }
  }

  static let plainInvitation = "lisbon-harbour-invitation"

  /// Promise: a value that no rule finds secret when it is first sent (a
  /// plain path segment) is hidden in that entry once a later request
  /// sends it under a secret name: the file is written after the whole
  /// recording is learned.
  @Test func aPlainSecretLearnedLateIsHiddenInTheEarlierEntry() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { _ in .json(#"{"invitation":"ok","city":"Lisbon"}"#) }
      let client = Self.recording(server.baseURL, to: file)
      _ = try await client.data(for: Endpoint(.get, "/invitations/\(Self.plainInvitation)"))
      _ = try await client.data(
        for: try Endpoint(.post, "/accept").jsonBody(["token": Self.plainInvitation]))
      server.stop()
      let text = try Self.expectNoSecret([Self.plainInvitation], in: file)
      #expect(text.contains("/invitations/REDACTED"), "\(text)")
    }
  }

  // MARK: 10. URL user info

  static let userInfoPassword = "RT-userinfo-pass1"

  /// Promise: a password in the request URL's user info is not written,
  /// nor its echo. An `Endpoint` takes no absolute URL, so the user info
  /// is in the client's base URL.
  @Test func aPasswordInTheURLsUserInfo() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        .json(
          Self.jsonText([
            "authorization": request.headers["authorization"] ?? "", "target": request.target,
            "city": Self.harmless, "echo": Self.userInfoPassword,
          ]))
      }
      var components = try #require(
        URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false))
      components.user = "user"
      components.password = Self.userInfoPassword
      let baseURL = try #require(components.url)
      #expect(baseURL.absoluteString.contains(Self.userInfoPassword))
      _ = try await Self.recording(baseURL, to: file).data(for: Endpoint(.get, "/profile"))
      server.stop()
      try Self.expectNoSecret([Self.userInfoPassword], in: file)
    }
  }
  // MARK: 11. Headers the session adds

  static let configKey = "RT-cfgkey-4d3c2b1a"
  static let configSession = "Zq8Lw2Xv6Nc4Bt9Mk1Rp"

  /// A server that echoes the headers a configuration adds.
  static func configEchoingServer() throws -> LoopbackServer {
    try LoopbackServer { request in
      .json(
        Self.jsonText([
          "echo": [request.headers["x-api-key"] ?? "", request.headers["x-tenant-session"] ?? ""],
          "city": Self.harmless,
        ]))
    }
  }

  /// A configuration that adds a secret-named header and a random value
  /// under a plain name to every request.
  static func configuration() -> URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpAdditionalHeaders = [
      "X-Api-Key": configKey, "X-Tenant-Session": configSession,
    ]
    return configuration
  }

  /// Promise: the headers a client's configuration adds, which the
  /// request it records does not show, are learned: their echo is not
  /// written.
  @Test func headersAClientsConfigurationAdds() async throws {
    try await Self.withFile { file in
      let server = try Self.configEchoingServer()
      let client = HTTPClient.live(
        baseURL: server.baseURL, configuration: Self.configuration(), token: { Self.token },
        clock: { ContinuousClock() }, now: { Self.recordedAt }
      ).replaying(.contentsOf(file, mode: .recordAll))
      let data = try await client.data(for: Endpoint(.get, "/tenant"))
      #expect(String(decoding: data, as: UTF8.self).contains(Self.configKey), "the server saw it")
      server.stop()
      try Self.expectNoSecret([Self.configKey, Self.configSession], in: file)
    }
  }

  /// Promise: the same through a session made from a replaying
  /// configuration based on one that adds headers.
  @Test func headersASessionsConfigurationAdds() async throws {
    try await Self.withFile { file in
      let server = try Self.configEchoingServer()
      let session = URLSession(
        configuration: .replaying(
          .contentsOf(file, mode: .recordAll), basedOn: Self.configuration()))
      defer { session.invalidateAndCancel() }
      let (data, _) = try await session.data(from: server.baseURL.appendingPathComponent("tenant"))
      #expect(String(decoding: data, as: UTF8.self).contains(Self.configKey), "the server saw it")
      server.stop()
      try Self.expectNoSecret([Self.configKey, Self.configSession], in: file)
    }
  }
}
