import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Errors say what happened and keep secrets out, in every rendering.
@Suite(.timeLimit(.minutes(10))) struct ErrorSafetyTests {
  static let token = "tok_9f8e7d6c5b4a"

  /// Every way an error is turned into text.
  static func renderings(_ error: APIError) -> [String] {
    var dumped = ""
    dump(error, to: &dumped)
    return [
      error.description, String(describing: error), "\(error)", String(reflecting: error),
      error.localizedDescription, dumped,
    ]
  }

  static func failure(
    _ reply: LoopbackServer.Reply, base: (URL) -> URL = { $0 }, endpoint: Endpoint
  ) async throws -> APIError? {
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    let client = HTTPClient.live(
      baseURL: base(server.baseURL), configuration: .ephemeral, timeout: 30, token: { Self.token })
    do {
      _ = try await client.data(for: endpoint)
      return nil
    } catch {
      return error
    }
  }

  @Test func aBodyThatEchoesTheTokenNeverShowsIt() async throws {
    let echo = LoopbackServer.Reply.json(
      #"{"error": "bad credentials", "received": "Authorization: Bearer \#(Self.token)"}"#,
      status: 401)
    let error = try #require(
      try await Self.failure(echo, endpoint: Endpoint(.get, "/me").authorized()))
    for text in Self.renderings(error) {
      #expect(!text.contains(Self.token), "\(text)")
      #expect(!text.contains("tok_9f8e"), "\(text)")
    }
    #expect(error.description.contains("Bearer REDACTED"))
  }

  /// A client whose transport answers `status` with `body`, echoing the
  /// request's `header` where the body says `{auth}`.
  static func echoing(_ body: String, status: Int = 200, header name: String = "Authorization")
    -> HTTPClient
  {
    HTTPClient(
      baseURL: URL(string: "https://api.example")!, token: { Self.token },
      transport: { request in
        let header = request.value(forHTTPHeaderField: name) ?? ""
        return (
          Data(body.replacingOccurrences(of: "{auth}", with: header).utf8),
          HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: nil, headerFields: nil)!
        )
      })
  }

  struct Profile: Decodable {
    enum Kind: String, Decodable { case admin, user }
    let kind: Kind
  }

  /// Promise: a 2xx body that is not JSON and echoes the token (a login
  /// page, a debugging proxy) never shows it in the decoding error.
  @Test func aDecodingErrorOfAnEchoingBodyNeverShowsTheToken() async throws {
    let client = Self.echoing("<html>You sent Authorization: {auth}</html>")
    let error = await #expect(throws: APIError.self) {
      _ = try await client.decode(Profile.self, from: Endpoint(.get, "/me").authorized())
    }
    let thrown = try #require(error)
    guard case .decoding(_, _, let message) = thrown else {
      Issue.record("expected a decoding error, got \(thrown)")
      return
    }
    #expect(message.contains("Bearer REDACTED"), "\(message)")
    for text in Self.renderings(thrown) {
      #expect(!text.contains("tok_9f8e"), "\(text)")
    }
  }

  /// Promise: JSON of the wrong shape whose value echoes the token never
  /// shows it, whatever the decoder quotes of the value.
  @Test func aWrongShapeThatEchoesTheTokenNeverShowsIt() async throws {
    let client = Self.echoing(#"{"kind": "{auth}", "{auth}": 1}"#)
    let error = await #expect(throws: APIError.self) {
      _ = try await client.decode(Profile.self, from: Endpoint(.get, "/me").authorized())
    }
    for text in Self.renderings(try #require(error)) {
      #expect(!text.contains("tok_9f8e"), "\(text)")
    }
  }

  struct EchoingFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// Promise: a transport error whose text echoes the request's
  /// credentials (a proxy's, a custom transport's) never shows them.
  @Test func aTransportErrorThatEchoesCredentialsNeverShowsThem() async throws {
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example")!, token: { Self.token },
      transport: { request in
        throw EchoingFailure(description: "refused \(request.allHTTPHeaderFields ?? [:])")
      })
    let endpoint = Endpoint(.get, "/me").authorized().credential("X-API-Key", "key_1234abcd")
    let error = await #expect(throws: APIError.self) {
      _ = try await client.data(for: endpoint)
    }
    let thrown = try #require(error)
    guard case .transport(_, _, let message) = thrown else {
      Issue.record("expected a transport error, got \(thrown)")
      return
    }
    #expect(message.contains("REDACTED"), "\(message)")
    for text in Self.renderings(thrown) {
      #expect(!text.contains("tok_9f8e") && !text.contains("key_1234"), "\(text)")
    }
  }

  /// Promise: secrets are hidden before the excerpt is cut, so a secret
  /// that straddles the cut leaves no part of itself behind.
  @Test func aSecretAtTheCutLeavesNoPartBehind() async throws {
    // 199 characters of four bytes each: the key starts at the last
    // character the excerpt keeps, and crosses the bytes it read.
    let padding = String(repeating: "😀", count: APIError.bodyExcerptLimit - 1)
    let client = Self.echoing(padding + "{auth}", status: 401, header: "X-API-Key")
    let error = await #expect(throws: APIError.self) {
      _ = try await client.data(for: Endpoint(.get, "/me").credential("X-API-Key", Self.token))
    }
    guard case .status(_, _, let excerpt, _) = try #require(error) else {
      Issue.record("expected a status error")
      return
    }
    #expect(excerpt.hasPrefix(padding), "\(excerpt)")
    let rest = excerpt.dropFirst(padding.count)
    #expect(!rest.contains("t"), "\(rest)")
  }

  /// Promise: a secret of four characters or more is hidden wherever a
  /// body echoes it; a shorter one is left, so that redaction never
  /// mangles ordinary words.
  @Test(arguments: [("k3y9", true), ("abc", false)])
  func aSecretIsHiddenFromFourCharacters(_ token: String, hidden: Bool) async throws {
    let echo: @Sendable (URLRequest) async throws -> (Data, URLResponse) = { request in
      let header = request.value(forHTTPHeaderField: "Authorization") ?? ""
      return (
        Data("got \(header)".utf8),
        HTTPURLResponse(url: request.url!, statusCode: 401, httpVersion: nil, headerFields: nil)!
      )
    }
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example")!, token: { token }, transport: echo)
    await #expect(
      throws: APIError.status(
        code: 401, url: URL(string: "https://api.example/me")!,
        bodyExcerpt: "got Bearer \(hidden ? "REDACTED" : token)")
    ) {
      _ = try await client.data(for: Endpoint(.get, "/me").authorized())
    }
  }

  @Test func userInfoAndSecretQueryItemsNeverShow() async throws {
    let error = try #require(
      try await Self.failure(
        .json("{}", status: 500),
        base: { URL(string: "http://ada:hunter22@127.0.0.1:\($0.port!)")! },
        endpoint: Endpoint(.get, "/search").query("q", "cats").query("api_key", "k_live_123456")
          .query("Token", "t_abcdef")))
    for text in Self.renderings(error) {
      for secret in ["hunter22", "ada:", "k_live_123456", "t_abcdef"] {
        #expect(!text.contains(secret), "\(secret) in \(text)")
      }
    }
    guard case .status(500, let url, _, _) = error else {
      Issue.record("expected a status error, got \(error)")
      return
    }
    #expect(url.query == "q=cats&api_key=REDACTED&Token=REDACTED")
    #expect(url.user == nil && url.password == nil)
  }

  @Test func aHostileKeyCannotMakeAHugeDescription() {
    // The key lands in the coding path and in the decoder's own message.
    let key = String(repeating: "k", count: 100_000)
    #expect {
      _ = try HTTPClient.decode([String: Int].self, from: Data(#"{"\#(key)": "x"}"#.utf8))
    } throws: { error in
      guard case .decoding(_, let path, _) = error as? APIError else { return false }
      return path.hasPrefix("kkkk")
        && String(describing: error).count < 4 * APIError.bodyExcerptLimit
    }
  }

  @Test func localizedDescriptionSaysWhatHappened() {
    let url = URL(string: "https://catfact.ninja/fact")!
    #expect(
      APIError.timeout(url: url).localizedDescription
        == "Request to https://catfact.ninja/fact timed out.")
    #expect(
      (APIError.status(code: 404, url: url, bodyExcerpt: "") as any Error).localizedDescription
        .contains("HTTP status 404"))
  }

  @Test(arguments: [
    (Data(), "the body is empty"),
    (Data([0xFF, 0xFE, 0x00, 0xC3, 0x28]), "the body is not valid UTF-8"),
    (Data("<html>Service down</html>".utf8), "the body is not JSON: <html>Service down</html>"),
    (Data(#"{"fact": "Cats", "length": "ten"}"#.utf8), "the JSON has the wrong shape"),
    (Data(#"{"fact": "Cats""#.utf8), "the body is not JSON"),
  ])
  func decodingFaultsAreToldApart(_ body: Data, _ message: String) {
    #expect {
      _ = try HTTPClient.decode(CatFact.self, from: body)
    } throws: { error in
      guard case .decoding("CatFact", _, let text) = error as? APIError else { return false }
      return text.hasPrefix(message)
    }
  }
}
