#if Vapor
  import CurrentWorld
  import CurrentWorldHTTP
  import CurrentWorldTesting
  import CurrentWorldVapor
  import Foundation
  import TestHelpers
  import Testing
  import Vapor
  import VaporTesting

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// A live client that answers as its closure says and keeps what it was
  /// sent.
  struct StubClient: Client {
    final class Sent: @unchecked Sendable {
      private let lock = NSLock()
      private var requests: [ClientRequest] = []
      func append(_ request: ClientRequest) { lock.withLock { requests.append(request) } }
      var all: [ClientRequest] { lock.withLock { requests } }
    }

    let eventLoop: any EventLoop
    let sent: Sent
    let answer: @Sendable (ClientRequest) throws -> ClientResponse

    init(
      eventLoop: any EventLoop, sent: Sent = Sent(),
      answer: @escaping @Sendable (ClientRequest) throws -> ClientResponse
    ) {
      self.eventLoop = eventLoop
      self.sent = sent
      self.answer = answer
    }

    func send(_ request: ClientRequest) -> EventLoopFuture<ClientResponse> {
      sent.append(request)
      do {
        return eventLoop.makeSucceededFuture(try answer(request))
      } catch {
        return eventLoop.makeFailedFuture(error)
      }
    }

    func delegating(to eventLoop: any EventLoop) -> any Client {
      StubClient(eventLoop: eventLoop, sent: sent, answer: answer)
    }
  }

  struct VaporBoom: Error, Equatable {}

  /// A world update that sets `Current.urlSession` to `session`.
  func using(_ session: URLSession) -> (inout World) -> Void {
    { $0.urlSession = session }
  }

  /// `req.client` and `app.client` after `app.clients.use(.world)`, tried
  /// as a user would.
  @Suite(.world, .timeLimit(.minutes(1))) struct RedTeamClientTests {
    /// An archive of `entries`, each a HAR entry's JSON.
    static func archive(_ entries: String...) -> HTTPArchive {
      try! HTTPArchive(
        data: Data(#"{"log":{"entries":[\#(entries.joined(separator: ","))]}}"#.utf8))
    }

    /// A HAR entry: `method url` answered `status` with `text`.
    static func entry(
      _ method: String, _ url: String, status: Int = 200, headers: [(String, String)] = [],
      text: String = "", postData: String? = nil
    ) -> String {
      let fields = headers.map { #"{"name":"\#($0.0)","value":"\#($0.1)"}"# }
        .joined(separator: ",")
      let post = postData.map {
        let escaped = $0.replacingOccurrences(of: "\"", with: "\\\"")
        return #","postData":{"mimeType":"application/json","text":"\#(escaped)"}"#
      }
      return #"""
        {"request":{"method":"\#(method)","url":"\#(url)"\#(post ?? "")},
         "response":{"status":\#(status),"headers":[\#(fields)],"content":{"text":"\#(text)"}}}
        """#
    }

    static let facts = archive(
      entry(
        "POST", "https://backend.example/facts", status: 201, text: "stored B",
        postData: #"{"fact":"B"}"#),
      entry(
        "POST", "https://backend.example/facts", status: 201, text: "stored A",
        postData: #"{"fact":"A"}"#),
      entry("GET", "https://backend.example/fact", text: "recorded fact"),
      entry("GET", "https://backend.example/fact", text: "recorded fact"))

    /// A body in the request picks its answer; a timeout set on the
    /// request changes nothing; `app.client` answers outside a request.
    @Test func aBodyAndATimeoutReplayOutsideARequest() async throws {
      Current.urlSession = .replaying(.archive(Self.facts))
      try await withApp { app in
        app.clients.use(.world)
        let a = try await app.client.post("https://backend.example/facts") { request in
          try request.content.encode(["fact": "A"], as: .json)
        }
        #expect(a.status == .created)
        #expect(a.body.map { String(buffer: $0) } == "stored A")
        let fact = try await app.client.send(
          ClientRequest(
            method: .GET, url: "https://backend.example/fact", timeout: .seconds(5)))
        #expect(fact.body.map { String(buffer: $0) } == "recorded fact")
      }
    }

    /// A query with spaces, unicode, `+` and repeated names, made the ways
    /// Vapor makes one, matches the file's.
    @Test func aQueryWithSpecialCharactersMatches() async throws {
      let search = Self.entry(
        "GET", "https://backend.example/search?q=caf%C3%A9%20au%20lait&tag=b&tag=a", text: "found")
      Current.urlSession = .replaying(.archive(Self.archive(search, search)))
      try await withApp { app in
        app.clients.use(.world)
        let encoded = try await app.client.get(
          URI(string: "https://backend.example/search?tag=b&tag=a&q=caf%C3%A9%20au%20lait"))
        #expect(encoded.body.map { String(buffer: $0) } == "found")
        struct Query: Content {
          var q: String
        }
        let byContent = try await app.client.get("https://backend.example/search") { request in
          try request.query.encode(Query(q: "café au lait"))
          request.url.query = (request.url.query ?? "") + "&tag=b&tag=a"
        }
        #expect(byContent.body.map { String(buffer: $0) } == "found")
      }
    }

    /// A future-based route: the closure's send and a callback's, wrapped
    /// as the documentation says, both answer from the test's file, in
    /// memory and on a real port.
    @Test func aFutureRoutesCallbackSendsInTheRequestsWorldWhenWrapped() async throws {
      for method in [Application.Method.inMemory, .running(port: 0)] {
        Current.urlSession = .replaying(.archive(Self.facts))
        try await withApp { app in
          app.middleware.use(WorldMiddleware())
          app.clients.use(.world)
          app.get("two") { req -> EventLoopFuture<String> in
            req.client.get("https://backend.example/fact").flatMap { first in
              withWorld(req.world) { req.client.get("https://backend.example/fact") }
                .map { second in
                  [first, second].map { $0.body.map { String(buffer: $0) } ?? "" }
                    .joined(separator: " + ")
                }
            }
          }
          let response = try await app.testing(method: method).sendRequest(.GET, "two")
          #expect(response.body.string == "recorded fact + recorded fact")
        }
      }
    }

    /// A route on a real port forwards its request's body; the body picks
    /// the backend's answer.
    @Test func aRealPortRouteForwardsABody() async throws {
      Current.urlSession = .replaying(.archive(Self.facts))
      try await withApp { app in
        app.middleware.use(WorldMiddleware())
        app.clients.use(.world)
        app.post("submit") { req async throws -> String in
          let fact = try req.content.get(String.self, at: "fact")
          let answer = try await req.client.post("https://backend.example/facts") { request in
            try request.content.encode(["fact": fact], as: .json)
          }
          return answer.body.map { String(buffer: $0) } ?? ""
        }
        let response = try await app.testing(method: .running(port: 0)).sendRequest(
          .POST, "submit", headers: ["Content-Type": "application/json"],
          body: ByteBuffer(string: #"{"fact":"B"}"#))
        #expect(response.body.string == "stored B")
      }
    }

    /// Two recorded `Set-Cookie` answers read as two cookies through
    /// Vapor's own API, as the live client gives them.
    @Test func twoSetCookiesReadAsTwoCookies() async throws {
      Current.urlSession = .replaying(
        .archive(
          Self.archive(
            Self.entry(
              "GET", "https://backend.example/login",
              headers: [
                ("Set-Cookie", "a=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT"),
                ("Set-Cookie", "b=2; Path=/"),
              ], text: "ok"))))
      try await withApp { app in
        app.clients.use(.world)
        let response = try await app.client.get("https://backend.example/login")
        #expect(response.headers[.setCookie].count == 2)
        #expect(response.headers.setCookie?["a"]?.string == "1")
        #expect(response.headers.setCookie?["b"]?.string == "2")
      }
    }

    /// A redirect to another origin in the file is followed from it; a
    /// loop ends in a typed error.
    @Test func redirectsAreFollowedFromTheFile() async throws {
      let hop = Self.entry(
        "GET", "https://backend.example/loop", status: 302, headers: [("Location", "/loop")])
      Current.urlSession = .replaying(
        .archive(
          Self.archive(
            [
              Self.entry(
                "GET", "https://backend.example/old", status: 301,
                headers: [("Location", "https://cdn.example.net/new")]),
              Self.entry("GET", "https://cdn.example.net/new", text: "moved"),
            ]
            .joined(separator: ",") + ","
              + Array(repeating: hop, count: 20).joined(separator: ","))))
      try await withApp { app in
        app.clients.use(.world)
        let moved = try await app.client.get("https://backend.example/old")
        #expect(moved.status == .ok)
        #expect(moved.body.map { String(buffer: $0) } == "moved")
        await #expect {
          _ = try await app.client.get("https://backend.example/loop")
        } throws: { error in
          (error as? URLError)?.code == .httpTooManyRedirects
        }
      }
    }

    /// A test world that arranged nothing: the send fails the test, naming
    /// Vapor's client and the fix, and nothing is sent.
    @Test func anUnarrangedSendFailsNamingTheFix() async throws {
      try await withApp { app in
        let sent = StubClient.Sent()
        let loop = app.eventLoopGroup.next()
        let client = WorldClient(
          live: StubClient(eventLoop: loop, sent: sent) { _ in
            ClientResponse(status: .ok)
          })
        await withKnownIssue {
          await #expect(throws: URLError.self) {
            _ = try await client.get("https://backend.example/fact")
          }
        } matching: { issue in
          let text = issue.comments.map(\.rawValue).joined()
          return text.contains("Vapor's client")
            && text.contains("Current.urlSession = .replaying(")
        }
        #expect(sent.all.isEmpty)
      }
    }

    /// Recording through the live client writes no secret, the live client
    /// gets the body and headers, and its own error is thrown as it is.
    @Test func aRecordingWritesNoSecretAndKeepsTheLiveClientsErrors() async throws {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "redteam-vapor-\(UUID().uuidString).har")
      defer { try? FileManager.default.removeItem(at: file) }
      try await withApp { app in
        let sent = StubClient.Sent()
        let client = WorldClient(
          live: StubClient(eventLoop: app.eventLoopGroup.next(), sent: sent) { request in
            if request.url.path == "/boom" { throw VaporBoom() }
            var headers = HTTPHeaders()
            headers.add(name: .contentType, value: "application/json")
            headers.add(name: .setCookie, value: "session=sess77aa88bbQ; Path=/")
            return ClientResponse(
              status: .ok, headers: headers,
              body: ByteBuffer(string: #"{"access_token":"atZx81Qm27Lp09","ok":true}"#))
          })
        let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
        try await withWorld(using(session)) {
          let response = try await client.post(
            "https://backend.example/login",
            headers: ["Authorization": "Bearer Kx9Secret0Bearer1Value2"]
          ) { request in
            try request.content.encode(["user": "ann", "token": "tok9f8e7d6c5b4a3"], as: .json)
          }
          #expect(response.status == .ok)
          await #expect(throws: VaporBoom()) {
            _ = try await client.get("https://backend.example/boom")
          }
        }
        let first = try #require(sent.all.first)
        #expect(first.headers.first(name: .authorization) == "Bearer Kx9Secret0Bearer1Value2")
        #expect(first.body.map { String(buffer: $0) }?.contains("tok9f8e7d6c5b4a3") == true)
        session.finishTasksAndInvalidate()
        await fileWritten(file)
        let text = try String(contentsOf: file, encoding: .utf8)
        for secret in [
          "Kx9Secret0Bearer1Value2", "tok9f8e7d6c5b4a3", "atZx81Qm27Lp09", "sess77aa88bbQ",
        ] {
          #expect(!text.contains(secret), "the file holds \(secret)")
        }
      }
    }

    /// A live world sends through Vapor's own client to a real loopback
    /// server, a body included; recording through it writes a file that
    /// replays with the server gone.
    @Test func aLiveWorldSendsThroughVaporsOwnClientAndRecords() async throws {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "redteam-vapor-live-\(UUID().uuidString).har")
      defer { try? FileManager.default.removeItem(at: file) }
      let base = try await withApp { backend in
        backend.get("echo") { req in "live \(req.url.query ?? "")" }
        backend.post("echo") { req in "posted \(req.body.string ?? "")" }
        try await backend.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(backend.http.server.shared.localAddress?.port)
        let base = "http://127.0.0.1:\(port)"
        try await withApp { front in
          front.clients.use(.world)
          Current.urlSession = .shared
          let response = try await front.client.get("\(base)/echo?x=1")
          #expect(response.status == .ok)
          #expect(response.body.map { String(buffer: $0) } == "live x=1")
          let posted = try await front.client.post("\(base)/echo") { request in
            request.body = ByteBuffer(string: "hello")
          }
          #expect(posted.body.map { String(buffer: $0) } == "posted hello")

          let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
          try await withWorld(using(session)) {
            let recorded = try await front.client.get("\(base)/echo?x=2")
            #expect(recorded.body.map { String(buffer: $0) } == "live x=2")
          }
          session.finishTasksAndInvalidate()
        }
        await backend.server.shutdown()
        return base
      }
      await fileWritten(file)
      Current.urlSession = .replaying(.contentsOf(file))
      try await withApp { app in
        app.clients.use(.world)
        let replayed = try await app.client.get("\(base)/echo?x=2")
        #expect(replayed.body.map { String(buffer: $0) } == "live x=2")
      }
    }
  }
#endif
