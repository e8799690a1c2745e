import CurrentWorld
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Credentials stay with their origin: two loopback servers on different
/// ports are two origins, and the first redirects to the second.
@Suite struct RedirectTests {
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
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let client = HTTPClient.live(
      baseURL: server.baseURL, session: session, timeout: 5, token: { "s3cret" })

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
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let client = HTTPClient.live(baseURL: server.baseURL, session: session, timeout: 5)

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
    let session = URLSession(configuration: .ephemeral)
    defer { session.invalidateAndCancel() }
    let client = HTTPClient.live(
      baseURL: server.baseURL, session: session, timeout: 5, token: { "s3cret" })

    _ = try await client.data(for: Endpoint(.get, "/old").authorized())

    let followed = try #require(server.requests.last)
    #expect(followed.path == "/new")
    #expect(followed.headers["authorization"] == "Bearer s3cret")
  }
}
