#if OpenAPI
  import CurrentWorld
  import CurrentWorldHTTP
  import CurrentWorldOpenAPI
  import CurrentWorldSupport
  import CurrentWorldTesting
  import Foundation
  import HTTPTypes
  import OpenAPIRuntime
  import TestHelpers
  import Testing

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// What the transport hands its live transport, and what it answers.
  final class LiveTransport: ClientTransport, Sendable {
    let sent = Locked<[(request: HTTPRequest, body: HTTPBody?, baseURL: URL)]>([])
    let answer: @Sendable (HTTPRequest) -> (HTTPResponse, String)

    init(answer: @escaping @Sendable (HTTPRequest) -> (HTTPResponse, String)) {
      self.answer = answer
    }

    var count: Int { sent.withLock { $0.count } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String)
      async throws -> (HTTPResponse, HTTPBody?)
    {
      sent.withLock { $0.append((request, body, baseURL)) }
      let (response, text) = answer(request)
      return (response, HTTPBody(text))
    }
  }

  /// The text of `body`, whole.
  func text(_ body: HTTPBody?) async throws -> String {
    guard let body else { return "" }
    return try await String(collecting: body, upTo: 1 << 20)
  }

  let factArchive = try! HTTPArchive(
    data: Data(
      #"""
      {"log":{"entries":[
        {"request":{"method":"GET","url":"https://catfact.ninja/old"},
         "response":{"status":301,"headers":[{"name":"Location","value":"/fact?max_length=40"}],
                     "content":{"text":""}}},
        {"request":{"method":"GET","url":"https://catfact.ninja/fact?max_length=40"},
         "response":{"status":200,"headers":[{"name":"Content-Type","value":"application/json"}],
                     "content":{"text":"{\"fact\":\"Cats purr.\",\"length\":10}"}}},
        {"request":{"method":"POST","url":"https://catfact.ninja/facts",
                    "postData":{"mimeType":"application/json","text":"{\"fact\":\"A\"}"}},
         "response":{"status":201,"content":{"text":"stored A"}}},
        {"request":{"method":"POST","url":"https://catfact.ninja/facts",
                    "postData":{"mimeType":"application/json","text":"{\"fact\":\"B\"}"}},
         "response":{"status":201,"content":{"text":"stored B"}}}]}}
      """#.utf8))

  @Suite(.world, .timeLimit(.minutes(1))) struct WorldTransportTests {
    static let base = URL(string: "https://catfact.ninja")!

    static func get(_ path: String) -> HTTPRequest {
      HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
    }

    /// A live world's request goes to the live transport as it came, its
    /// body the same object: nothing is read or buffered.
    @Test func aLiveWorldSendsThroughTheLiveTransportUntouched() async throws {
      let live = LiveTransport { _ in (HTTPResponse(status: .ok), "live") }
      let body = HTTPBody("streamed")
      Current.urlSession = .shared
      let (response, answer) = try await WorldTransport(live: live).send(
        Self.get("/fact"), body: body, baseURL: Self.base, operationID: "getFact")
      #expect(response.status == .ok)
      #expect(try await text(answer) == "live")
      let sent = try #require(live.sent.withLock { $0.first })
      #expect(sent.body === body)
      #expect(sent.request.path == "/fact")
    }

    /// A replay follows the recorded redirect from the file and never
    /// calls the live transport.
    @Test func aReplayAnswersFromTheRecordingAndFollowsItsRedirect() async throws {
      let live = LiveTransport { _ in
        Issue.record("a replay sent a request")
        return (HTTPResponse(status: .internalServerError), "")
      }
      Current.urlSession = .replaying(.archive(factArchive))
      let (response, answer) = try await WorldTransport(live: live).send(
        Self.get("/old"), body: nil, baseURL: Self.base, operationID: "getFact")
      #expect(response.status == .ok)
      #expect(response.headerFields[.contentType] == "application/json")
      #expect(try await text(answer) == #"{"fact":"Cats purr.","length":10}"#)
      #expect(live.count == 0)
    }

    /// Bodies are matched: each POST gets the answer recorded for its body.
    @Test func aRequestBodyPicksItsAnswer() async throws {
      let live = LiveTransport { _ in (HTTPResponse(status: .internalServerError), "") }
      Current.urlSession = .replaying(.archive(factArchive))
      let transport = WorldTransport(live: live)
      var post = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/facts")
      post.headerFields[.contentType] = "application/json"
      let (_, b) = try await transport.send(
        post, body: HTTPBody(#"{"fact":"B"}"#), baseURL: Self.base, operationID: "submitFact")
      let (_, a) = try await transport.send(
        post, body: HTTPBody(#"{"fact":"A"}"#), baseURL: Self.base, operationID: "submitFact")
      #expect(try await text(b) == "stored B")
      #expect(try await text(a) == "stored A")
      #expect(live.count == 0)
    }

    /// A test world that arranged nothing: the request fails the test,
    /// naming the operation and the fix, and the live transport is not
    /// called.
    @Test func anUnarrangedRequestFailsNamingTheOperationAndTheFix() async throws {
      let live = LiveTransport { _ in (HTTPResponse(status: .ok), "live") }
      await withKnownIssue {
        await #expect(throws: URLError.self) {
          _ = try await WorldTransport(live: live).send(
            Self.get("/fact"), body: nil, baseURL: Self.base, operationID: "getRandomFact")
        }
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("the OpenAPI operation getRandomFact")
          && text.contains("Current.urlSession = .replaying(")
      }
      #expect(live.count == 0)
    }

    /// Recording sends through the live transport, a request path and
    /// query kept under the server's own path, and writes the file that a
    /// later replay answers from.
    @Test func aRecordingSendsThroughTheLiveTransportAndReplays() async throws {
      let live = LiveTransport { request in
        (HTTPResponse(status: .ok), "answer to \(request.path ?? "")")
      }
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("transport-\(UUID().uuidString).har")
      defer { try? FileManager.default.removeItem(at: file) }
      let base = URL(string: "https://api.example.com/v1/")!
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      let recording: (inout World) -> Void = { $0.urlSession = session }
      try await withWorld(recording) {
        let (_, answer) = try await WorldTransport(live: live).send(
          Self.get("/facts?page=2"), body: nil, baseURL: base, operationID: "listFacts")
        #expect(try await text(answer) == "answer to /facts?page=2")
      }
      let sent = try #require(live.sent.withLock { $0.first })
      #expect(sent.request.path == "/facts?page=2")
      #expect(sent.baseURL == base)
      session.finishTasksAndInvalidate()
      await fileWritten(file)
      #expect(try HTTPArchive(contentsOf: file).count == 1)
      #expect(
        try String(contentsOf: file, encoding: .utf8).contains(
          #""url" : "https://api.example.com/v1/facts?page=2""#))

      Current.urlSession = .replaying(.contentsOf(file))
      let (_, replayed) = try await WorldTransport(live: live).send(
        Self.get("/facts?page=2"), body: nil, baseURL: base, operationID: "listFacts")
      #expect(try await text(replayed) == "answer to /facts?page=2")
      #expect(live.count == 1)
    }

    /// A body longer than the limit fails with a typed error, and nothing
    /// is sent.
    @Test func aBodyPastTheLimitIsATypedError() async throws {
      let live = LiveTransport { _ in (HTTPResponse(status: .ok), "") }
      Current.urlSession = .replaying(.archive(factArchive))
      let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
      let chunks = (WorldTransport.bodyLimit >> 20) + 1
      let body = HTTPBody(
        AsyncStream { continuation in
          for _ in 0..<chunks { continuation.yield(chunk[...]) }
          continuation.finish()
        }, length: .unknown)
      await #expect(throws: URLError.self) {
        _ = try await WorldTransport(live: live).send(
          HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/facts"), body: body,
          baseURL: Self.base, operationID: "submitFact")
      }
      #expect(live.count == 0)
    }
  }
#endif
