import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every way a request can go wrong ends in the exact `APIError` case, and
/// nothing crashes.
@Suite(.timeLimit(.minutes(10))) struct HTTPErrorTests {
  /// Runs `body` against a fresh server that answers with `reply`.
  @discardableResult
  static func against<R>(
    _ reply: LoopbackServer.Reply,
    _ body: (HTTPClient, LoopbackServer) async throws -> R
  ) async throws -> R {
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    return try await body(
      .live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30), server)
  }

  static func catFactError(_ reply: LoopbackServer.Reply) async throws -> APIError? {
    try await against(reply) { client, _ in
      do {
        _ = try await CatFactAPI.live(client: client).fetchFact()
        return nil
      } catch let error as APIError {
        return error
      }
    }
  }

  @Test func notFoundCarriesStatusURLAndBody() async throws {
    try await Self.against(.json(#"{"message": "No such fact"}"#, status: 404)) { client, server in
      let expected = APIError.status(
        code: 404, url: server.baseURL.appendingPathComponent("fact"),
        bodyExcerpt: #"{"message": "No such fact"}"#)
      await #expect(throws: expected) {
        _ = try await CatFactAPI.live(client: client).fetchFact()
      }
    }
  }

  /// Promise: only a status from 200 to 299 is a success; 199, 300 and
  /// anything else is a status error with its code.
  @Test(arguments: [100, 199, 200, 204, 299, 300, 304, 399, 404])
  func onlyTwoHundredsSucceed(_ code: Int) async {
    let client = HTTPClient(baseURL: URL(string: "https://api.example")!) { request in
      (
        Data("{}".utf8),
        HTTPURLResponse(url: request.url!, statusCode: code, httpVersion: nil, headerFields: nil)!
      )
    }
    do {
      _ = try await client.data(for: Endpoint(.get, "/s"))
      #expect((200...299).contains(code), "\(code) succeeded")
    } catch {
      #expect(!(200...299).contains(code), "\(code) failed: \(error)")
      #expect(
        error == .status(code: code, url: URL(string: "https://api.example/s")!, bodyExcerpt: "{}"))
    }
  }

  /// Promise: a transport that times out (`URLError.timedOut`, as
  /// URLSession reports its own timeout) is ``APIError/timeout(url:)``, and
  /// any other `URLError` keeps its code.
  @Test func aTransportTimeoutIsATimeout() async {
    for (code, expected) in [
      (URLError.Code.timedOut, APIError.timeout(url: URL(string: "https://api.example/t")!)),
      (.networkConnectionLost, nil),
    ] {
      let client = HTTPClient(baseURL: URL(string: "https://api.example")!) { _ in
        throw URLError(code)
      }
      do {
        _ = try await client.data(for: Endpoint(.get, "/t"))
        Issue.record("\(code) succeeded")
      } catch {
        if let expected {
          #expect(error == expected)
        } else if case .transport(_, let kept, _) = error {
          #expect(kept == code)
        } else {
          Issue.record("\(code) became \(error)")
        }
      }
    }
  }

  @Test func serverErrorIsAStatusError() async throws {
    let error = try await Self.catFactError(
      .respond(status: 500, body: Data("upstream exploded\n".utf8)))
    guard case .status(500, let url, "upstream exploded", _) = error else {
      Issue.record("expected a 500 status error, got \(String(describing: error))")
      return
    }
    #expect(url.path == "/fact")
    #expect(error?.description.contains("HTTP status 500") == true)
  }

  @Test func aHugeErrorBodyIsCutToAnExcerpt() async throws {
    let body = Data(String(repeating: "x", count: 5_000_000).utf8)
    let error = try await Self.catFactError(.respond(status: 503, body: body))
    guard case .status(503, _, let excerpt, _) = error else {
      Issue.record("expected a 503 status error, got \(String(describing: error))")
      return
    }
    #expect(excerpt == String(repeating: "x", count: APIError.bodyExcerptLimit) + "…")
  }

  @Test func malformedJSONIsADecodingError() async throws {
    let error = try await Self.catFactError(.json(#"{"fact": "Cats", "length": "#))
    guard case .decoding(let type, let path, _) = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(type == "CatFact")
    #expect(path == "")
  }

  @Test func jsonOfTheWrongShapeNamesTheCodingPath() async throws {
    let error = try await Self.against(.json(#"{"results": [{"name": "a"}, {"nombre": "b"}]}"#)) {
      client, _ in
      do {
        _ = try await PokemonsAPI.live(client: client).fetchPokemons()
        return nil as APIError?
      } catch let error as APIError {
        return error
      }
    }
    guard case .decoding(_, let path, let message) = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
    #expect(path == "results[1].name")
    #expect(message.contains("name"))
  }

  @Test func aWrongTypeNamesTheCodingPath() async throws {
    let error = try await Self.catFactError(.json(#"{"fact": "Cats", "length": "ten"}"#))
    guard case .decoding("CatFact", "length", _) = error else {
      Issue.record("expected a decoding error at length, got \(String(describing: error))")
      return
    }
  }

  @Test func anEmptyBodyIsADecodingError() async throws {
    let error = try await Self.catFactError(.respond(status: 200, body: Data()))
    guard case .decoding("CatFact", "", _) = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
  }

  @Test func aNonUTF8BodyIsADecodingError() async throws {
    let error = try await Self.catFactError(
      .respond(status: 200, body: Data([0xFF, 0xFE, 0x00, 0xC3, 0x28])))
    guard case .decoding("CatFact", _, _) = error else {
      Issue.record("expected a decoding error, got \(String(describing: error))")
      return
    }
  }

  @Test func aNonUTF8ErrorBodyIsExcerptedLeniently() async throws {
    let error = try await Self.catFactError(
      .respond(status: 400, body: Data([0x62, 0x61, 0x64, 0xFF])))
    guard case .status(400, _, let excerpt, _) = error else {
      Issue.record("expected a status error, got \(String(describing: error))")
      return
    }
    #expect(excerpt == "bad\u{FFFD}")
  }

  @Test func aBodyCutShortIsATransportError() async throws {
    let error = try await Self.catFactError(
      .truncated(declaredLength: 1_000, body: Data(#"{"fact": "Cats sl"#.utf8)))
    guard case .transport(let url, let code, _) = error else {
      Issue.record("expected a transport error, got \(String(describing: error))")
      return
    }
    #expect(url.path == "/fact")
    // Foundation names the lost connection differently per platform.
    #if canImport(FoundationNetworking)
      #expect(code == .unknown)
    #else
      #expect(code == .networkConnectionLost)
    #endif
  }

  @Test func aSlowServerTimesOut() async throws {
    let error = try await Self.against(.delayed(seconds: 10, .json("{}"))) { client, server in
      var client = client
      client.timeout = 0.3
      do {
        _ = try await client.data(for: Endpoint(.get, "/slow"))
        return nil as APIError?
      } catch let error as APIError {
        #expect(error == .timeout(url: server.baseURL.appendingPathComponent("slow")))
        return error
      }
    }
    #expect(error != nil)
  }

  @Test func anEndpointTimeoutOverridesTheClients() async throws {
    try await Self.against(.delayed(seconds: 10, .json("{}"))) { client, server in
      await #expect(throws: APIError.timeout(url: server.baseURL.appendingPathComponent("slow"))) {
        _ = try await client.data(for: Endpoint(.get, "/slow").timeout(0.3))
      }
    }
  }

  /// A client whose transport answers `{}` after 20 ms.
  static func slowClient(timeout seconds: Double) -> HTTPClient {
    HTTPClient(baseURL: URL(string: "https://example.com")!, timeout: seconds) { request in
      try await Task.sleep(for: .milliseconds(20))
      return (
        Data("{}".utf8),
        HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
      )
    }
  }

  @Test(arguments: [0, -1])
  func aTimeoutThatIsNotPositiveSetsNoDeadline(_ seconds: Double) async throws {
    let client = Self.slowClient(timeout: seconds)
    #expect(try await client.data(for: Endpoint(.get, "/x")) == Data("{}".utf8))
  }

  /// Promise: an infinite or enormous timeout sets no deadline, and never
  /// stops the process (a `Duration` of it would overflow). In a child
  /// process, so that a trap fails this test by name instead of ending the
  /// whole run: exit code 1 says the call failed, 2 that it answered
  /// otherwise.
  @Test func anInfiniteOrEnormousTimeoutSetsNoDeadline() async {
    await #expect(processExitsWith: .success) {
      for seconds in [Double.infinity, 1e300] {
        let client = HTTPErrorTests.slowClient(timeout: seconds)
        let data: Data
        do {
          data = try await client.data(for: Endpoint(.get, "/x"))
        } catch {
          exit(1)
        }
        guard data == Data("{}".utf8) else { exit(2) }
      }
    }
  }

  @Test func nothingListeningIsConnectionRefused() async throws {
    let refusing = try RefusingPort()
    let base = refusing.baseURL
    defer { withExtendedLifetime(refusing) {} }

    let error = await #expect(throws: APIError.self) {
      _ = try await CatFactAPI.live(baseURL: base, configuration: .ephemeral).fetchFact()
    }
    guard case .transport(let url, .cannotConnectToHost, _) = error else {
      Issue.record("expected connection refused, got \(String(describing: error))")
      return
    }
    #expect(url == base.appendingPathComponent("fact"))
  }

  @Test func aNonHTTPResponseIsInvalid() async throws {
    let base = URL(string: "https://example.com")!
    let client = HTTPClient(baseURL: base) { request in
      (
        Data(),
        URLResponse(
          url: request.url!, mimeType: nil, expectedContentLength: 0, textEncodingName: nil)
      )
    }
    await #expect(throws: APIError.invalidResponse(url: base.appendingPathComponent("fact"))) {
      _ = try await client.data(for: Endpoint(.get, "/fact"))
    }
  }

  @Test func otherTransportErrorsAreWrapped() async throws {
    struct Unplugged: Error {}
    let base = URL(string: "https://example.com")!
    let client = HTTPClient(baseURL: base) { _ in throw Unplugged() }
    await #expect(
      throws: APIError.transport(
        url: base.appendingPathComponent("x"), code: .unknown, message: "Unplugged()")
    ) {
      _ = try await client.data(for: Endpoint(.get, "/x"))
    }
  }

  @Test func descriptionsAreReadable() {
    let url = URL(string: "https://catfact.ninja/fact")!
    #expect(
      APIError.timeout(url: url).description == "Request to https://catfact.ninja/fact timed out.")
    #expect(
      APIError.status(code: 404, url: url, bodyExcerpt: "").description
        == "Request to https://catfact.ninja/fact failed with HTTP status 404, an empty body")
    #expect(
      APIError.decoding(type: "CatFact", codingPath: "results[1].name", message: "no value")
        .description
        == "Could not decode CatFact at results[1].name: no value")
    #expect(APIError.missingToken(url: url).description.contains("needs authorization"))
  }
}
