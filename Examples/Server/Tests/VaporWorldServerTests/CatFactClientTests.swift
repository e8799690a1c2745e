import CurrentWorldHTTP
import CurrentWorldTesting
import CurrentWorldVapor
import Foundation
import LoopbackServer
import Testing
import Vapor
import VaporTesting
import VaporWorldServer

/// `GET /catfact` calls the cat fact service through `req.client`, which
/// answers from the request's world: each parallel test replays its own
/// recording, and the service gets nothing.
@Suite(.world, .timeLimit(.minutes(2))) struct CatFactClientTests {
  /// Where the route sends: a request that went live would reach it.
  static let server = try! LoopbackServer(answering: #"{"fact":"live","length":4}"#)

  @Test(arguments: 0..<32) func eachRequestReplaysItsTestsRecording(_ number: Int) async throws {
    Current.urlSession = .replaying(
      .file("../WorldServerTests/Recordings/Facts/fact-\(number).har"))
    try await withApp { app in
      configure(app, ServerOptions(), catFactServer: Self.server.url.absoluteString)
      let response = try await app.testing().sendRequest(.GET, "catfact")
      #expect(response.status == .ok)
      #expect(
        try response.content.decode(CatFact.self).fact
          == "Cat fact \(number), replayed from its own recording.")
    }
    #expect(Self.server.count == 0)
  }

  /// A test that arranged nothing: a call through the installed client
  /// fails that test, naming the line that fixes it, and nothing is sent.
  /// (Called here in the test's own task, where `withKnownIssue` sees the
  /// issue; from a route, the same issue reaches the test through its
  /// world's relay.)
  @Test func anUnarrangedCallFailsTheTestNamingTheFix() async throws {
    try await withApp { app in
      configure(app, ServerOptions(), catFactServer: Self.server.url.absoluteString)
      await withKnownIssue {
        await #expect(throws: URLError.self) {
          _ = try await app.client.get(URI(string: Self.server.url.absoluteString + "/fact"))
        }
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("Vapor's client") && text.contains("Current.urlSession = .replaying(")
      }
    }
    #expect(Self.server.count == 0)
  }

  /// A live world sends through Vapor's own client.
  @Test func aLiveWorldSendsThroughVaporsClient() async throws {
    let server = try LoopbackServer(answering: #"{"fact":"From the live service.","length":22}"#)
    Current.urlSession = .shared
    try await withApp { app in
      configure(app, ServerOptions(), catFactServer: server.url.absoluteString)
      let response = try await app.testing().sendRequest(.GET, "catfact")
      #expect(try response.content.decode(CatFact.self).fact == "From the live service.")
    }
    #expect(server.count == 1)
  }
}
