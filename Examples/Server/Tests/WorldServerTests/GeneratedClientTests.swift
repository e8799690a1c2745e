import CatFactClient
import CurrentWorldHTTP
import CurrentWorldHummingbird
import CurrentWorldOpenAPI
import CurrentWorldTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import LoopbackServer
import OpenAPIAsyncHTTPClient
import OpenAPIURLSession
import Testing
import WorldServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A generated OpenAPI client kept in a `static let` replays each test's own
/// recording, through either transport, while the server it points at gets
/// nothing.
@Suite(.world, .timeLimit(.minutes(2))) struct GeneratedClientTests {
  /// Where the clients point: a request that went live would reach it.
  static let server = try! LoopbackServer(answering: #"{"fact":"live","length":4}"#)
  static let overURLSession = Client(
    serverURL: server.url, transport: WorldTransport(live: URLSessionTransport()))
  static let overAsyncHTTPClient = Client(
    serverURL: server.url, transport: WorldTransport(live: AsyncHTTPClientTransport()))

  static func expectedFact(_ number: Int) -> String {
    "Cat fact \(number), replayed from its own recording."
  }

  @Test(arguments: 0..<32) func eachCaseReplaysItsFileThroughURLSession(_ number: Int)
    async throws
  {
    Current.urlSession = .replaying("Recordings/Facts/fact-\(number).har")
    let fact = try await Self.overURLSession.getRandomFact().ok.body.json
    #expect(fact.fact == Self.expectedFact(number))
    #expect(Self.server.count == 0)
  }

  @Test(arguments: 0..<32) func eachCaseReplaysItsFileThroughAsyncHTTPClient(_ number: Int)
    async throws
  {
    Current.urlSession = .replaying("Recordings/Facts/fact-\(number).har")
    let fact = try await Self.overAsyncHTTPClient.getRandomFact().ok.body.json
    #expect(fact.fact == Self.expectedFact(number))
    #expect(Self.server.count == 0)
  }

  /// The route, on Hummingbird: each request in its own test's world.
  @Test(arguments: 0..<32) func theRouteServesEachCasesRecording(_ number: Int) async throws {
    Current.urlSession = .replaying("Recordings/Facts/fact-\(number).har")
    let app = buildApplication(ServerOptions(), catFacts: Self.overAsyncHTTPClient)
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/catfact/generated", method: .get)
      #expect(response.status == .ok)
      let fact = try JSONDecoder().decode(CatFact.self, from: Data(buffer: response.body))
      #expect(fact.fact == Self.expectedFact(number))
    }
    #expect(Self.server.count == 0)
  }

  /// A test that arranged nothing: the request fails that test, naming
  /// the line that fixes it, and nothing is sent.
  @Test func anUnarrangedRequestFailsTheTestAndSendsNothing() async throws {
    await withKnownIssue {
      await #expect(throws: (any Error).self) {
        _ = try await Self.overAsyncHTTPClient.getRandomFact()
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("getRandomFact") && text.contains("Current.urlSession = .replaying(")
    }
    #expect(Self.server.count == 0)
  }
}

/// A file recorded through one client replays through the other.
@Suite(.world, .timeLimit(.minutes(2))) struct RecordedAcrossClientsTests {
  static let body = #"{"fact":"Recorded from the loopback server.","length":34}"#

  func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("across-\(UUID().uuidString).har")
  }

  @Test func recordedThroughHTTPClientReplaysThroughTheTransport() async throws {
    let server = try LoopbackServer(answering: Self.body)
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    do {
      // The file is written as the recording client is released.
      let recorder = HTTPClient.live(baseURL: server.url)
        .replaying(.contentsOf(file, mode: .recordAll))
      _ = try await recorder.data(for: Endpoint(.get, "/fact"))
    }
    #expect(server.count == 1)

    Current.urlSession = .replaying(.contentsOf(file))
    let client = Client(
      serverURL: server.url, transport: WorldTransport(live: AsyncHTTPClientTransport()))
    let fact = try await client.getRandomFact().ok.body.json
    #expect(fact.fact == "Recorded from the loopback server.")
    #expect(server.count == 1)
  }

  @Test func recordedThroughTheTransportReplaysThroughHTTPClient() async throws {
    let server = try LoopbackServer(answering: Self.body)
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
    let recording: (inout World) -> Void = { $0.urlSession = session }
    try await withWorld(recording) {
      let client = Client(
        serverURL: server.url, transport: WorldTransport(live: AsyncHTTPClientTransport()))
      let fact = try await client.getRandomFact().ok.body.json
      #expect(fact.fact == "Recorded from the loopback server.")
    }
    #expect(server.count == 1)
    // The file is written as the session's recording ends: at its
    // invalidation, which URLSession reports on a queue of its own.
    session.finishTasksAndInvalidate()
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: file.path), Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }

    let replayer = HTTPClient.live(baseURL: server.url).replaying(.contentsOf(file))
    let data = try await replayer.data(for: Endpoint(.get, "/fact"))
    #expect(String(decoding: data, as: UTF8.self) == Self.body)
    #expect(server.count == 1)
  }
}
