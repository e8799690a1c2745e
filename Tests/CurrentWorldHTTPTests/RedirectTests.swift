import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Credentials stay with their origin: two loopback servers on different
/// ports are two origins, and the first redirects to the second.
@Suite(.timeLimit(.minutes(10))) struct RedirectTests {
  static func redirect(_ status: Int, to url: URL) -> LoopbackServer.Reply {
    .respond(status: status, headers: ["Location": url.absoluteString], body: Data())
  }

  @Test(arguments: [301, 302, 303, 307, 308])
  func anAuthorizedRequestIsNotFollowedToAnotherOrigin(_ status: Int) async throws {
    let other = try LoopbackServer { _ in .json(#"{"from":"the other origin"}"#) }
    defer { other.stop() }
    let target = other.baseURL.appendingPathComponent("steal")
    let server = try LoopbackServer { _ in Self.redirect(status, to: target) }
    defer { server.stop() }
    let client = HTTPClient.live(
      baseURL: server.baseURL, configuration: .ephemeral, timeout: 30, token: { "s3cret" })

    let endpoint = try Endpoint(.post, "/orders").jsonBody(["item": 1]).authorized()
    do {
      _ = try await client.data(for: endpoint)
      Issue.record("the redirect to another origin was followed")
    } catch {
      guard case .status(let code, _, _, _) = error else {
        Issue.record("expected the redirect as a status error, got \(error)")
        return
      }
      #expect(code == status)
    }
    #expect(other.requests.isEmpty, "the other origin received \(other.requests.count) requests")
  }

  @Test func anUnauthorizedRequestFollowsARedirectToAnotherOrigin() async throws {
    let other = try LoopbackServer { _ in .json(#"{"moved":true}"#) }
    defer { other.stop() }
    let target = other.baseURL.appendingPathComponent("new-home")
    let server = try LoopbackServer { _ in Self.redirect(302, to: target) }
    defer { server.stop() }
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)

    let data = try await client.data(for: Endpoint(.get, "/old-home"))

    #expect(String(decoding: data, as: UTF8.self) == #"{"moved":true}"#)
    #expect(other.requests.first?.path == "/new-home")
    #expect(other.requests.first?.headers["authorization"] == nil)
  }

  @Test func anAuthorizedRequestFollowsARedirectWithinItsOrigin() async throws {
    let server = try LoopbackServer { request in
      request.path == "/old"
        ? .respond(status: 301, headers: ["Location": "/new"], body: Data()) : .json("{}")
    }
    defer { server.stop() }
    let client = HTTPClient.live(
      baseURL: server.baseURL, configuration: .ephemeral, timeout: 30, token: { "s3cret" })

    _ = try await client.data(for: Endpoint(.get, "/old").authorized())

    let followed = try #require(server.requests.last)
    #expect(followed.path == "/new")
    #expect(followed.headers["authorization"] == "Bearer s3cret")
  }

  /// Promise: a header marked with `credential(_:_:)` follows the same
  /// origin rule as `Authorization`.
  @Test(arguments: [302, 307])
  func aCredentialHeaderIsNotFollowedToAnotherOrigin(_ status: Int) async throws {
    let other = try LoopbackServer { _ in .json(#"{"from":"the other origin"}"#) }
    defer { other.stop() }
    let target = other.baseURL.appendingPathComponent("steal")
    let server = try LoopbackServer { _ in Self.redirect(status, to: target) }
    defer { server.stop() }
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)

    let endpoint = Endpoint(.get, "/orders").credential("X-API-Key", "k3y-s3cret")
    let error = await #expect(throws: APIError.self) { try await client.data(for: endpoint) }

    guard case .status(let code, _, _, _) = error else {
      Issue.record("expected the redirect as a status error, got \(String(describing: error))")
      return
    }
    #expect(code == status)
    #expect(other.requests.isEmpty, "the other origin received \(other.requests.count) requests")
    #expect(server.requests.first?.headers["x-api-key"] == "k3y-s3cret")
  }

  @Test func aCredentialHeaderFollowsARedirectWithinItsOrigin() async throws {
    let server = try LoopbackServer { request in
      request.path == "/old"
        ? .respond(status: 301, headers: ["Location": "/new"], body: Data()) : .json("{}")
    }
    defer { server.stop() }
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)

    _ = try await client.data(for: Endpoint(.get, "/old").credential("x-api-key", "k3y"))

    #expect(server.requests.last?.path == "/new")
    #expect(server.requests.last?.headers["x-api-key"] == "k3y")
  }

  /// Promise: a credential header's value never appears in an error, even
  /// when the server echoes it in its body.
  @Test func aCredentialHeaderIsHiddenInErrors() async throws {
    let server = try LoopbackServer { request in
      .respond(
        status: 401, headers: [:],
        body: Data("bad key: \(request.headers["x-api-key"] ?? "none")".utf8))
    }
    defer { server.stop() }
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)

    let error = await #expect(throws: APIError.self) {
      try await client.data(for: Endpoint(.get, "/me").credential("X-API-Key", "k3y-s3cret"))
    }

    let text = String(describing: error)
    #expect(text.contains("bad key: REDACTED"), "\(text)")
    #expect(!text.contains("k3y-s3cret"))
  }
}
