import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Requests are checked by the loopback server as it receives them.
@Suite(.timeLimit(.minutes(10))) struct EndpointTests {
  struct NewBook: Codable, Equatable {
    var title: String
    var authors: [String]
  }

  static func client(_ server: LoopbackServer, token: String? = "s3cret")
    -> HTTPClient
  {
    .live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30, token: { token })
  }

  /// Promise: the live client uses the configuration it is given (its
  /// headers arrive), and a copy of it: a later change does not reach it.
  @Test func theClientUsesACopyOfItsConfiguration() async throws {
    let server = try LoopbackServer { _ in .json("[]") }
    defer { server.stop() }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpAdditionalHeaders = ["X-Configured": "yes"]
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: configuration)
    configuration.httpAdditionalHeaders = ["X-Configured": "changed later"]
    _ = try await client.data(for: Endpoint(.get, "/configured"))
    let request = try #require(server.requests.first)
    #expect(request.headers["x-configured"] == "yes")
  }

  @Test func everyPartOfTheRequestArrives() async throws {
    let server = try LoopbackServer { _ in .json("[]", status: 201) }
    defer { server.stop() }
    let book = NewBook(title: "Cien años de soledad", authors: ["García Márquez"])
    let endpoint = try Endpoint(.post, "/api/books")
      .query("q", "tom & jerry")
      .query("plus", "a+b=c")
      .query("city", "Zürich 東京")
      .query("flag", nil)
      .header("X-Trace", "abc-123")
      .jsonBody(book)
      .authorized()

    _ = try await Self.client(server).data(for: endpoint)

    let request = try #require(server.requests.first)
    #expect(request.method == "POST")
    #expect(request.path == "/api/books")
    #expect(
      request.rawQuery
        == "q=tom%20%26%20jerry&plus=a%2Bb%3Dc&city=Z%C3%BCrich%20%E6%9D%B1%E4%BA%AC&flag")
    #expect(request.headers["x-trace"] == "abc-123")
    #expect(request.headers["content-type"] == "application/json")
    #expect(request.headers["authorization"] == "Bearer s3cret")
    #expect(try JSONDecoder().decode(NewBook.self, from: request.body) == book)
  }

  @Test func queryValuesDecodeBackToWhatWasSent() async throws {
    let values = ["tom & jerry", "a+b=c", "100%", "Zürich 東京", "?#/", "emoji 🐈"]
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }
    var endpoint = Endpoint(.get, "/search")
    for (index, value) in values.enumerated() { endpoint = endpoint.query("v\(index)", value) }

    _ = try await Self.client(server).data(for: endpoint)

    let query = try #require(server.requests.first?.rawQuery)
    let decoded = query.split(separator: "&").map {
      String($0.split(separator: "=", maxSplits: 1)[1]).removingPercentEncoding
    }
    #expect(decoded == values)
  }

  /// Promise: a request carries its endpoint's timeout, or the client's
  /// when the endpoint sets none.
  @Test func aRequestCarriesItsEndpointsTimeout() throws {
    let base = URL(string: "https://api.example")!
    let own = try Endpoint(.get, "/x").timeout(7).urlRequest(
      baseURL: base, defaultTimeout: 30, token: nil)
    #expect(own.timeoutInterval == 7)
    let inherited = try Endpoint(.get, "/x").urlRequest(
      baseURL: base, defaultTimeout: 30, token: nil)
    #expect(inherited.timeoutInterval == 30)
  }

  @Test func basePathsAndLeadingSlashesJoinOnce() throws {
    let base = URL(string: "https://example.com/v1/")!
    #expect(
      try Endpoint(.get, "/books").url(relativeTo: base).absoluteString
        == "https://example.com/v1/books")
    #expect(
      try Endpoint(.get, "books").url(relativeTo: base).absoluteString
        == "https://example.com/v1/books")
    let bare = URL(string: "https://example.com")!
    #expect(
      try Endpoint(.get, "/fact").url(relativeTo: bare).absoluteString == "https://example.com/fact"
    )
    #expect(
      try Endpoint(.get, "/a b").url(relativeTo: bare).absoluteString == "https://example.com/a%20b"
    )
  }

  @Test func anAuthorizedRequestWithoutATokenIsNeverSent() async throws {
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }
    let url = server.baseURL.appendingPathComponent("me")

    await #expect(throws: APIError.missingToken(url: url)) {
      _ = try await Self.client(server, token: nil).data(
        for: Endpoint(.get, "/me").authorized())
    }
    await #expect(throws: APIError.missingToken(url: url)) {
      _ = try await Self.client(server, token: "").data(
        for: Endpoint(.get, "/me").authorized())
    }
    #expect(server.requests.isEmpty)
  }

  @Test func anEndpointWithoutAuthorizationSendsNoToken() async throws {
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }

    _ = try await Self.client(server).data(for: Endpoint(.get, "/public"))

    #expect(server.requests.first?.headers["authorization"] == nil)
  }

  @Test func anUnencodableBodyIsATypedError() {
    struct Unencodable: Encodable {
      func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no"))
      }
    }
    #expect {
      _ = try Endpoint(.post, "/x").jsonBody(Unencodable())
    } throws: { error in
      guard case APIError.invalidRequest(let reason) = error else { return false }
      return reason.contains("Unencodable")
    }
  }

  @Test func methodsAreUpperCased() {
    #expect(HTTPMethod(rawValue: "purge").rawValue == "PURGE")
    #expect(("options" as HTTPMethod) == HTTPMethod(rawValue: "OPTIONS"))
    #expect(
      [HTTPMethod.get, .post, .put, .patch, .delete].map(\.rawValue) == [
        "GET", "POST", "PUT", "PATCH", "DELETE",
      ])
  }
}
