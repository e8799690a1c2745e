import CurrentWorld
import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Redaction never breaks replay: a JSON body is redacted token by token
/// (``JSONRewriter``), so that what a test replays is what the server
/// sent, less the hidden values, and still valid JSON.
@Suite(.timeLimit(.minutes(10))) struct ReplaySafeRedactionTests {
  /// The client's token while recording.
  static let token = "tok/SAFE-7c3d1e"
  /// The clock's time while recording.
  static let recordedAt = Date(timeIntervalSince1970: 1_800_000_000)

  /// A live client to a loopback server, with its own token and clock.
  static func client(_ baseURL: URL, token: String = token) -> HTTPClient {
    HTTPClient.live(
      baseURL: baseURL, token: { token }, clock: { ContinuousClock() }, now: { recordedAt })
  }

  /// A file in a folder of its own, removed after `body`.
  static func withFile<R>(_ body: (URL) async throws -> R) async rethrows -> R {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("replay-safe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder.appendingPathComponent("replay-safe.har"))
  }

  /// The entries of the HAR file at `file`, as written.
  static func entries(in file: URL) throws -> [HAR.Entry] {
    FileRecording.close(file)  // as the test's end
    return try JSONDecoder().decode(HAR.Document.self, from: Data(contentsOf: file)).log.entries
  }

  /// `text` rewritten with `secrets` known and the members `hidden` names
  /// hidden; `nil` when the rewriter refuses it.
  static func rewrite(
    _ text: String, secrets: Set<String> = [], hidden: Set<String> = []
  ) -> String? {
    JSONRewriter(secrets: secrets, forms: SecretForms(secrets), hides: { hidden.contains($0) })
      .rewrite(Data(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// `text` read by `JSONSerialization`: a test fails with its error
  /// when it is not JSON.
  @discardableResult
  static func parsed(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  // MARK: The rewriter

  /// Promise: a document with nothing to hide comes back byte for byte:
  /// spacing, key order, number spellings, escapes and characters beyond
  /// ASCII.
  @Test func nothingToHideKeepsEveryByte() throws {
    let document = """
      { "zeta" :1.0e3,\t"alpha": [ -0.50 , 2E+2, 0, true,false , null ],
        "text":"caf\\u00e9 \\/ \\ud83d\\ude00 \\"q\\" \\n","raw":"café 😀", "empty" : {}, "none":[]}\r

      """
    let data = Data(document.utf8)
    let rewritten = try #require(
      JSONRewriter(
        secrets: ["unused-secret"], forms: SecretForms(["unused-secret"]), hides: { _ in false }
      ).rewrite(data))
    #expect(rewritten == data)
    #expect(Self.rewrite(")]}'\n{\"a\" : 1}") == ")]}'\n{\"a\" : 1}")
    #expect(Self.rewrite("\u{FEFF}[1, 2]") == "\u{FEFF}[1, 2]")
  }

  /// Promise: a hidden member's value (string, number, bool, object or
  /// array, never `null`) becomes `"REDACTED"`, and nothing else changes.
  @Test func hiddenValuesBecomeTheMarker() throws {
    let document = """
      {"b" : 1, "password" :  "x\\u0041", "nested": {"token":{"a":[1, "tok"]}},
       "pin":1.50E2, "secret": null, "flag": true, "keys" : [ "k" ] , "ok":true}
      """
    let expected = """
      {"b" : 1, "password" :  "REDACTED", "nested": {"token":"REDACTED"},
       "pin":"REDACTED", "secret": null, "flag": "REDACTED", "keys" : "REDACTED" , "ok":true}
      """
    let rewritten = Self.rewrite(
      document, hidden: ["password", "token", "pin", "secret", "flag", "keys"])
    #expect(rewritten == expected)
    try Self.parsed(rewritten ?? "")
  }

  /// Promise: a number that is a secret, however spelt, becomes the
  /// string `"REDACTED"`: the document stays valid JSON. Numbers that
  /// only hold its digits are kept.
  @Test func aSecretNumberBecomesAString() throws {
    let document = """
      {"amount":4242, "total": 142420, "id":994242, "price": 4.242e3, "list":[4242 ,1],
       "echo":"pin 4242!", "text":"x4242"}
      """
    let expected = """
      {"amount":"REDACTED", "total": 142420, "id":994242, "price": "REDACTED", "list":["REDACTED" ,1],
       "echo":"pin REDACTED!", "text":"x4242"}
      """
    let rewritten = try #require(Self.rewrite(document, secrets: ["4242"]))
    #expect(rewritten == expected)
    let object = try Self.parsed(rewritten) as? [String: Any]
    #expect(object?["amount"] as? String == "REDACTED")
    #expect(object?["total"] as? Int == 142420)
  }

  /// Promise: a secret inside a string is replaced keeping the string's
  /// escapes; a string whose escapes hid the secret is escaped anew, still
  /// valid, and only that string.
  @Test func aSecretInAStringKeepsItsEscapes() throws {
    let secrets: Set<String> = ["s3cr/et", "pä/ss"]
    let document = #"{"a" : "x s3cr\/et y\/z","b":"\u00e9 s3cr/et","c":"p\u00e4/ss \t\/"}"#
    let expected = #"{"a" : "x REDACTED y\/z","b":"\u00e9 REDACTED","c":"REDACTED \t\/"}"#
    let rewritten = try #require(Self.rewrite(document, secrets: secrets))
    #expect(rewritten == expected)
    try Self.parsed(rewritten)
  }

  /// Promise: JSON inside a JSON string (an AWS Lambda answer's `body`)
  /// has its hidden members hidden; only that string is escaped anew.
  @Test func nestedJSONInAStringIsRedacted() throws {
    let document = #"{ "statusCode" : 200, "body":"{\"token\":\"abc-1\",\"n\": 1.0}", "x":"\/"}"#
    let expected = #"{ "statusCode" : 200, "body":"{\"token\":\"REDACTED\",\"n\": 1.0}", "x":"\/"}"#
    let rewritten = try #require(Self.rewrite(document, hidden: ["token"]))
    #expect(rewritten == expected)
    let object = try #require(try Self.parsed(rewritten) as? [String: Any])
    let body = try #require(object["body"] as? String)
    #expect(body == #"{"token":"REDACTED","n": 1.0}"#)
  }

  /// Promise: what is not one JSON object or array is refused, so that
  /// the fallback and the last check decide.
  @Test(arguments: [
    #"{"a":1,}"#, #"{"a":01}"#, #"{"a":"x\q"}"#, #"{"a" 1}"#, "[1,2", #"{"a":tru}"#,
    #"{"a":1} x"#, #"{"a":"\u12"}"#, "{\"a\":\"x\ty\"}", "{'a':1}", #"{"a":1.}"#, #"{"a":-}"#,
    #""just a string""#, "4242", "", "[1,,2]", #"{"a":1e}"#, #"{"a"}"#,
  ])
  func malformedJSONIsRefused(text: String) {
    #expect(Self.rewrite(text, secrets: ["4242"]) == nil)
  }

  /// Promise: bytes that are not UTF-8 are refused.
  @Test func bytesThatAreNotUTF8AreRefused() {
    let rewriter = JSONRewriter(secrets: [], forms: SecretForms([]), hides: { _ in true })
    #expect(rewriter.rewrite(Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D])) == nil)
  }

  /// Promise: a GraphQL argument written inline is read under its name.
  @Test func graphQLArgumentsAreRead() {
    let query = #"mutation { login(email: "a@b.c", password: "hun\"ter2", pin: 4242) { token } }"#
    let arguments = BodyValues.graphQLArguments(query)
    #expect(arguments.map(\.name) == ["email", "password", "pin"])
    #expect(arguments.map(\.value) == ["a@b.c", #"hun"ter2"#, "4242"])
  }

  // MARK: Through a recording

  /// Promise: a secret that equals a JSON number in the answer (a PIN the
  /// app sends, or its token) is written as the string `"REDACTED"`: the
  /// file's body is valid JSON, and a replay, with another PIN or token
  /// too, matches and decodes.
  @Test(arguments: [false, true]) func aSecretEqualToANumberKeepsTheAnswerValid(byToken: Bool)
    async throws
  {
    try await Self.withFile { file in
      let answer = #"{"amount":4242,"currency":"EUR","reference":994242}"#
      let server = try LoopbackServer { _ in .json(answer) }
      /// Sends the PIN, or the token, and returns the answer.
      func pay(_ client: HTTPClient, pin: Int) async throws -> Data {
        try await client.data(
          for: byToken
            ? Endpoint(.get, "/balance").authorized()
            : try Endpoint(.post, "/pay").jsonBody(["pin": pin]))
      }
      let recording = Self.client(server.baseURL, token: byToken ? "4242" : Self.token)
        .replaying(.contentsOf(file, mode: .recordAll))
      #expect(try await pay(recording, pin: 4242) == Data(answer.utf8), "the app got the answer")
      server.stop()

      let entry = try #require(try Self.entries(in: file).first)
      let written = try #require(entry.response.content?.text)
      #expect(written == #"{"amount":"REDACTED","currency":"EUR","reference":994242}"#)
      try Self.parsed(written)
      #expect(entry.response.bodySize == written.utf8.count)
      if !byToken { #expect(entry.request.postData?.text == #"{"pin":"REDACTED"}"#) }

      for pin in [4242, 1234] {
        let replay = Self.client(server.baseURL, token: byToken ? "\(pin)" : Self.token)
          .replaying(.contentsOf(file))
        let replayed = try await pay(replay, pin: pin)
        let payment = try JSONDecoder().decode(Payment.self, from: replayed)
        #expect(payment == Payment(amount: "REDACTED", currency: "EUR", reference: 994242))
      }
    }
  }

  /// The answer of `/pay`, as an app decodes it once its amount is
  /// hidden.
  struct Payment: Decodable, Equatable {
    var amount: String
    var currency: String
    var reference: Int
  }

  /// Promise: an answer with nothing to hide is written byte for byte
  /// (odd spacing, unsorted keys, `1.0e3`, escapes), its sizes its own,
  /// and replayed so.
  @Test func anAnswerWithNothingToHideIsWrittenAsSent() async throws {
    try await Self.withFile { file in
      let answer = """
        {  "zeta" : 1.0e3 ,"alpha":[ -0.50,2E+2 ],
          "text" : "caf\\u00e9 \\/ ok", "raw":"café"  }

        """
      let server = try LoopbackServer { _ in .json(answer) }
      _ = try await Self.client(server.baseURL).replaying(.contentsOf(file, mode: .recordAll))
        .data(for: Endpoint(.get, "/report"))
      server.stop()
      let entry = try #require(try Self.entries(in: file).first)
      #expect(entry.response.content?.text == answer)
      #expect(entry.response.bodySize == answer.utf8.count)
      #expect(entry.response.content?.size == answer.utf8.count)
      let replayed = try await Self.client(server.baseURL).replaying(.contentsOf(file))
        .data(for: Endpoint(.get, "/report"))
      #expect(replayed == Data(answer.utf8))
    }
  }

  /// Promise: an answer with one hidden field changes in that token only.
  @Test func oneHiddenFieldChangesOnlyItsToken() async throws {
    try await Self.withFile { file in
      let answer = """
        { "zeta":1.0e3,  "access_token" : "at-SAFE-31",
          "alpha" : [ -0.50 ], "note":"caf\\u00e9" }
        """
      let server = try LoopbackServer { _ in .json(answer) }
      _ = try await Self.client(server.baseURL).replaying(.contentsOf(file, mode: .recordAll))
        .data(for: Endpoint(.post, "/oauth/token"))
      server.stop()
      let expected = answer.replacingOccurrences(of: "at-SAFE-31", with: "REDACTED")
      let entry = try #require(try Self.entries(in: file).first)
      #expect(entry.response.content?.text == expected)
      #expect(entry.response.bodySize == expected.utf8.count)
    }
  }

  /// Passwords sent inline in GraphQL: in a JSON body, in `variables`,
  /// in a URL's `query`.
  static let graphQLPasswords = ["gq-pass-4d1a9", "gq-vars-7e2b5", "gq-url-3c8f6"]

  /// Promise: a password written inline in a GraphQL query, in a JSON body
  /// or in a URL, and one in the `variables` of a URL, is not written, nor
  /// its echo; a replay with other passwords matches.
  @Test func graphQLInlinePasswordsAreNotWritten() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in
        .json(
          #"{"data":{"login":{"ok":true}},"echo":\#(request.body.isEmpty ? "null" : String(decoding: request.body, as: UTF8.self)),"city":"Lisbon"}"#
        )
      }
      /// The GraphQL calls, one per place of a password.
      func calls(_ client: HTTPClient, _ passwords: [String]) async throws {
        let mutation =
          #"mutation { login(email: "a@b.c", password: "\#(passwords[0])") { token } }"#
        _ = try await client.data(
          for: try Endpoint(.post, "/graphql").jsonBody(["query": mutation]))
        _ = try await client.data(
          for: Endpoint(.get, "/graphql")
            .query("query", "query Me($password: String) { me { name } }")
            .query("variables", #"{"password":"\#(passwords[1])"}"#))
        _ = try await client.data(
          for: Endpoint(.get, "/graphql")
            .query("query", #"mutation{login(password:"\#(passwords[2])"){token}}"#))
      }
      try await calls(
        Self.client(server.baseURL).replaying(.contentsOf(file, mode: .recordAll)),
        Self.graphQLPasswords)
      server.stop()
      FileRecording.close(file)  // as the test's end
      let text = try String(contentsOf: file, encoding: .utf8)
      for password in Self.graphQLPasswords {
        for form in SecretForms.textForms(of: password) {
          #expect(!text.contains(form), "\(password) was written as \(form): \(text)")
        }
      }
      #expect(text.contains("Lisbon") && text.contains("a@b.c"), "\(text)")
      for entry in try Self.entries(in: file) {
        try Self.parsed(entry.response.content?.text ?? "")
      }
      try await calls(
        Self.client(server.baseURL).replaying(.contentsOf(file)),
        ["gq-other-1a2b3", "gq-other-4c5d6", "gq-other-7e8f9"])
    }
  }
}

extension ReplaySafeRedactionTests {
  /// Promise: nesting as deep as `JSONSerialization` reads is rewritten,
  /// and deeper is refused rather than read without end.
  @Test func deepNestingIsBounded() {
    let deep = String(repeating: "[", count: 500) + "4242" + String(repeating: "]", count: 500)
    let expected = deep.replacingOccurrences(of: "4242", with: "\"REDACTED\"")
    #expect(Self.rewrite(deep, secrets: ["4242"]) == expected)
    let deeper = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(Self.rewrite(deeper) == nil)
  }
}
