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

  /// A live transport that answers as its closure says and keeps what it
  /// was sent, its body read whole.
  final class ScriptedTransport: ClientTransport, Sendable {
    let sent = Locked<[(request: HTTPRequest, baseURL: URL, body: String)]>([])
    let answer: @Sendable (HTTPRequest, URL) async throws -> (HTTPResponse, HTTPBody?)

    init(answer: @escaping @Sendable (HTTPRequest, URL) async throws -> (HTTPResponse, HTTPBody?)) {
      self.answer = answer
    }

    /// A transport that a replay must never call.
    static func refusing() -> ScriptedTransport {
      ScriptedTransport { request, _ in
        Issue.record("the live transport was called for \(request.path ?? "")")
        return (HTTPResponse(status: .internalServerError), nil)
      }
    }

    var count: Int { sent.withLock { $0.count } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String)
      async throws -> (HTTPResponse, HTTPBody?)
    {
      var text = ""
      if let body { text = try await String(collecting: body, upTo: 1 << 20) }
      sent.withLock { $0.append((request, baseURL, text)) }
      return try await answer(request, baseURL)
    }
  }

  struct Boom: Error, Equatable {}

  /// A world update that sets `Current.urlSession` to `session`.
  func using(_ session: URLSession) -> (inout World) -> Void {
    { $0.urlSession = session }
  }

  /// An archive of `entries`, each a HAR entry's JSON.
  func redTeamArchive(_ entries: String...) -> HTTPArchive {
    try! HTTPArchive(data: Data(harText(entries.joined(separator: ",")).utf8))
  }

  /// A HAR file's text with `entries`, each a HAR entry's JSON.
  func harText(_ entries: String) -> String {
    #"{"log":{"entries":["# + entries + "]}}"
  }

  /// A HAR entry: `method url` answered `status` with `text`.
  func entry(
    _ method: String, _ url: String, status: Int = 200, headers: [(String, String)] = [],
    text: String = "", postData: String? = nil
  ) -> String {
    let fields = headers.map { #"{"name":"\#($0.0)","value":"\#($0.1)"}"# }
      .joined(separator: ",")
    let post = postData.map {
      #","postData":{"mimeType":"application/json","text":"\#($0.replacingOccurrences(of: "\"", with: "\\\""))"}"#
    }
    return #"""
      {"request":{"method":"\#(method)","url":"\#(url)"\#(post ?? "")},
       "response":{"status":\#(status),"headers":[\#(fields)],"content":{"text":"\#(text)"}}}
      """#
  }

  /// A file in the temporary folder that the test removes.
  func temporaryHAR() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "redteam-\(UUID().uuidString).har")
  }

  /// The text of `file` once `session`, a recording session, is let go
  /// and has written it.
  func written(_ file: URL, closing session: URLSession) async throws -> String {
    session.finishTasksAndInvalidate()
    await fileWritten(file)
    return try String(contentsOf: file, encoding: .utf8)
  }

  @Suite(.world, .timeLimit(.minutes(1))) struct RedTeamTransportTests {
    static let api = URL(string: "https://api.example.com")!
    /// One transport for every test, as a generated client in a `static let`.
    static let shared = WorldTransport(live: ScriptedTransport.refusing())

    static func request(_ method: HTTPRequest.Method, _ path: String?) -> HTTPRequest {
      HTTPRequest(method: method, scheme: nil, authority: nil, path: path)
    }

    static func request(_ path: String?) -> HTTPRequest {
      request(.get, path)
    }

    static func send(
      _ request: HTTPRequest, body: HTTPBody? = nil, baseURL: URL = api,
      through live: any ClientTransport = ScriptedTransport.refusing()
    ) async throws -> (HTTPResponse, String) {
      let (response, body) = try await WorldTransport(live: live).send(
        request, body: body, baseURL: baseURL, operationID: "redTeam")
      return (response, try await text(body))
    }

    // MARK: URLs

    /// A server URL with a path, with or without its trailing slash, keeps
    /// its path in front of the request's: the file's URL matches.
    @Test(arguments: [
      "https://api.example.com/v1", "https://api.example.com/v1/", "https://other.example/v1/",
    ])
    func aServerPathWithOrWithoutItsSlashMatches(server: String) async throws {
      Current.urlSession = .replaying(
        .archive(
          redTeamArchive(entry("GET", "https://api.example.com/v1/facts?page=2", text: "page 2"))))
      let (response, text) = try await Self.send(
        Self.request("/facts?page=2"), baseURL: URL(string: server)!)
      #expect(response.status == .ok)
      #expect(text == "page 2")
    }

    /// Percent-encoded path segments, `+`, encoded `+` and repeated query
    /// items in another order match the file's request.
    @Test func encodedPathsAndRepeatedQueryItemsMatch() async throws {
      Current.urlSession = .replaying(
        .archive(
          redTeamArchive(
            entry(
              "GET",
              "https://api.example.com/items/caf%C3%A9%20au%20lait?tag=x&q=a%2Bb&tag=y&sum=1+2",
              text: "found"))))
      let (response, text) = try await Self.send(
        Self.request("/items/caf%C3%A9%20au%20lait?sum=1+2&tag=x&tag=y&q=a%2Bb"))
      #expect(response.status == .ok)
      #expect(text == "found")
    }

    /// A path the generator would never make (raw spaces, unicode, a bad
    /// escape) answers as its percent-encoded form or fails with a typed
    /// error; it never crashes.
    @Test(arguments: [
      ("/items/café au lait", "https://api.example.com/items/caf%C3%A9%20au%20lait"),
      ("/items/a b?q=c d", "https://api.example.com/items/a%20b?q=c%20d"),
      ("/%zz", "https://api.example.com/%25zz"),
    ])
    func aRawPathIsATypedErrorOrAnAnswer(path: String, recorded: String) async throws {
      Current.urlSession = .replaying(
        .archive(redTeamArchive(entry("GET", recorded, text: "found"))))
      do {
        let (response, text) = try await Self.send(Self.request(path))
        #expect(response.status == .ok)
        #expect(text == "found")
      } catch let error as URLError {
        #expect(error.code == .badURL)
      }
    }

    /// A request without a path asks for the server's root.
    @Test func aRequestWithoutAPathAsksForTheRoot() async throws {
      Current.urlSession = .replaying(
        .archive(redTeamArchive(entry("GET", "https://api.example.com/", text: "root"))))
      let (_, text) = try await Self.send(Self.request(nil))
      #expect(text == "root")
    }

    // MARK: Methods, statuses, headers

    /// HEAD, DELETE and PATCH replay; a 204 and a HEAD answer with no body.
    @Test func headDeleteAndPatchReplay() async throws {
      Current.urlSession = .replaying(
        .archive(
          redTeamArchive(
            entry(
              "HEAD", "https://api.example.com/items/1",
              headers: [("Content-Length", "42"), ("ETag", "\\\"v1\\\"")]),
            entry("DELETE", "https://api.example.com/items/1", status: 204),
            entry(
              "PATCH", "https://api.example.com/items/1", text: "patched",
              postData: #"{"name":"new"}"#))))
      let (head, headText) = try await Self.send(Self.request(.head, "/items/1"))
      #expect(head.status == .ok)
      #expect(head.headerFields[.eTag] == #""v1""#)
      #expect(headText == "")
      let (delete, deleteText) = try await Self.send(Self.request(.delete, "/items/1"))
      #expect(delete.status == .noContent)
      #expect(deleteText == "")
      var patch = Self.request(.patch, "/items/1")
      patch.headerFields[.contentType] = "application/json"
      let (patched, patchText) = try await Self.send(patch, body: HTTPBody(#"{ "name" : "new" }"#))
      #expect(patched.status == .ok)
      #expect(patchText == "patched")
    }

    /// Both of two `Set-Cookie` answers reach the caller (joined, as
    /// `URLSession` gives them).
    @Test func repeatedAndNonASCIIHeadersComeBack() async throws {
      Current.urlSession = .replaying(
        .archive(
          redTeamArchive(
            entry(
              "GET", "https://api.example.com/cookies",
              headers: [("Set-Cookie", "a=1; Path=/"), ("Set-Cookie", "b=2; Path=/")],
              text: "ok"))))
      let (response, _) = try await Self.send(Self.request("/cookies"))
      let cookies = response.headerFields[values: .setCookie].joined(separator: "\n")
      #expect(cookies.contains("a=1"))
      #expect(cookies.contains("b=2"))
    }

    /// A non-ASCII answer header recorded through the transport replays
    /// through it as the live transport gave it.
    @Test func aNonASCIIHeaderRecordedReplaysTheSame() async throws {
      let city = HTTPField.Name("X-City")!
      let live = ScriptedTransport { _, _ in
        var response = HTTPResponse(status: .ok)
        response.headerFields[city] = "Zürich"
        return (response, HTTPBody("ok"))
      }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      try await withWorld(using(session)) {
        let (response, _) = try await Self.send(Self.request("/city"), through: live)
        #expect(response.headerFields[city] == "Zürich")
      }
      _ = try await written(file, closing: session)
      Current.urlSession = .replaying(.contentsOf(file))
      let (response, _) = try await Self.send(Self.request("/city"))
      #expect(response.headerFields[city] == "Zürich")
    }

    // MARK: Redirects

    /// A redirect to another origin is followed from the file; one that
    /// would carry `Authorization` there is not, as `URLSession` does not.
    @Test func aRedirectToAnotherOriginIsFollowedFromTheFile() async throws {
      let archive = redTeamArchive(
        entry(
          "GET", "https://api.example.com/old", status: 302,
          headers: [("Location", "https://cdn.example.net/new")]),
        entry("GET", "https://cdn.example.net/new", text: "moved"))
      Current.urlSession = .replaying(.archive(archive))
      let (response, text) = try await Self.send(Self.request("/old"))
      #expect(response.status == .ok)
      #expect(text == "moved")

      Current.urlSession = .replaying(.archive(archive))
      var authorized = Self.request("/old")
      authorized.headerFields[.authorization] = "Bearer abc"
      let (stopped, _) = try await Self.send(authorized)
      #expect(stopped.status == .found)
    }

    /// A file that redirects a request to itself, again and again, ends in
    /// a typed error.
    @Test func aRedirectLoopIsATypedError() async throws {
      let hop = entry(
        "GET", "https://api.example.com/loop", status: 302, headers: [("Location", "/loop")])
      let entries = Array(repeating: hop, count: 20).joined(separator: ",")
      Current.urlSession = .replaying(.archive(redTeamArchive(entries)))
      await #expect {
        _ = try await Self.send(Self.request("/loop"))
      } throws: { error in
        (error as? URLError)?.code == .httpTooManyRedirects
      }
    }

    /// Recording a redirect to another port of the server's host sends
    /// the next hop to that port, at its path.
    @Test func aRecordedRedirectToAnotherPortGoesThere() async throws {
      let live = ScriptedTransport { request, base in
        if base.port == nil && request.path == "/start" {
          var response = HTTPResponse(status: .found)
          response.headerFields[.location] = "https://api.example.com:8443/login"
          return (response, nil)
        }
        return (
          HTTPResponse(status: .ok), HTTPBody("at \(base.absoluteString) \(request.path ?? "")")
        )
      }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      try await withWorld(using(session)) {
        let (response, text) = try await Self.send(Self.request("/start"), through: live)
        #expect(response.status == .ok)
        #expect(text == "at https://api.example.com:8443 /login")
      }
      _ = try await written(file, closing: session)
      let hops = live.sent.withLock { $0 }
      try #require(hops.count == 2)
      #expect(hops[1].baseURL.absoluteString == "https://api.example.com:8443")
      #expect(hops[1].request.path == "/login")
    }

    // MARK: Order and modes

    /// The same request made twice takes the answers in recorded order.
    @Test func theSameRequestTakesTheAnswersInOrder() async throws {
      Current.urlSession = .replaying(
        .archive(
          redTeamArchive(
            entry("GET", "https://api.example.com/next", text: "first"),
            entry("GET", "https://api.example.com/next", text: "second"))))
      #expect(try await Self.send(Self.request("/next")).1 == "first")
      #expect(try await Self.send(Self.request("/next")).1 == "second")
    }

    /// A request the file lacks fails the test, naming it, and is not sent.
    @Test func aMissingRequestFailsNamingIt() async throws {
      Current.urlSession = .replaying(
        .archive(redTeamArchive(entry("GET", "https://api.example.com/next", text: "first"))))
      let live = ScriptedTransport { _, _ in (HTTPResponse(status: .ok), HTTPBody("live")) }
      await withKnownIssue {
        await #expect(throws: URLError.self) {
          _ = try await Self.send(Self.request("/missing?x=1"), through: live)
        }
      } matching: { issue in
        issue.comments.map(\.rawValue).joined().contains("GET /missing?x=1")
      }
      #expect(live.count == 0)
    }

    /// `.replayThrowingMisses`: a miss throws `APIError.noRecordedAnswer`
    /// and fails no test.
    @Test func replayThrowingMissesThrowsTheTypedError() async throws {
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      try Data(harText(entry("GET", "https://api.example.com/a")).utf8).write(to: file)
      Current.urlSession = .replaying(.contentsOf(file, mode: .replayThrowingMisses))
      await #expect {
        _ = try await Self.send(Self.request("/b"))
      } throws: { error in
        if case .noRecordedAnswer? = error as? APIError { return true }
        return false
      }
    }

    /// `.recordNew`: what the file answers is not sent; what it lacks is
    /// sent, recorded, and added beside what it had.
    @Test func recordNewSendsOnlyWhatTheFileLacks() async throws {
      let live = ScriptedTransport { request, _ in
        (HTTPResponse(status: .ok), HTTPBody("live \(request.path ?? "")"))
      }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      try Data(harText(entry("GET", "https://api.example.com/a", text: "kept a")).utf8).write(
        to: file)
      let session = URLSession.replaying(.contentsOf(file, mode: .recordNew))
      let (a, b) = try await withWorld(using(session)) {
        (
          try await Self.send(Self.request("/a"), through: live).1,
          try await Self.send(Self.request("/b"), through: live).1
        )
      }
      #expect(a == "kept a")
      #expect(b == "live /b")
      #expect(live.sent.withLock { $0.map(\.request.path) } == ["/b"])
      session.finishTasksAndInvalidate()
      let deadline = Date().addingTimeInterval(10)
      while (try? HTTPArchive(contentsOf: file).count) != 2, Date() < deadline {
        try await Task.sleep(for: .milliseconds(20))
      }
      Current.urlSession = .replaying(.contentsOf(file))
      #expect(try await Self.send(Self.request("/a")).1 == "kept a")
      #expect(try await Self.send(Self.request("/b")).1 == "live /b")
    }

    // MARK: Recording failures

    /// A live transport's `URLError` is thrown as it is, recorded as a
    /// request with no answer, and replayed as the same error.
    @Test func aLiveURLErrorIsRecordedAndReplayed() async throws {
      let live = ScriptedTransport { _, _ in throw URLError(.cannotConnectToHost) }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      await withWorld(using(session)) {
        await #expect {
          _ = try await Self.send(Self.request("/down"), through: live)
        } throws: { error in
          (error as? URLError)?.code == .cannotConnectToHost
        }
      }
      _ = try await written(file, closing: session)
      Current.urlSession = .replaying(.contentsOf(file))
      await #expect {
        _ = try await Self.send(Self.request("/down"))
      } throws: { error in
        (error as? URLError)?.code == .cannotConnectToHost
      }
    }

    /// A live transport's own error is thrown as it is.
    @Test func aLiveErrorOfItsOwnIsThrownAsItIs() async throws {
      let live = ScriptedTransport { _, _ in throw Boom() }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      defer { session.finishTasksAndInvalidate() }
      await withWorld(using(session)) {
        await #expect(throws: Boom()) {
          _ = try await Self.send(Self.request("/boom"), through: live)
        }
      }
    }

    /// A live answer longer than the limit is a typed error, not a crash.
    @Test func aHugeLiveAnswerIsATypedError() async throws {
      let live = ScriptedTransport { _, _ in
        let chunk = ArraySlice([UInt8](repeating: 0x61, count: 1 << 20))
        let chunks = (WorldTransport.bodyLimit >> 20) + 2
        return (
          HTTPResponse(status: .ok),
          HTTPBody(
            AsyncStream { continuation in
              for _ in 0..<chunks { continuation.yield(chunk) }
              continuation.finish()
            }, length: .unknown)
        )
      }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      defer { session.finishTasksAndInvalidate() }
      await withWorld(using(session)) {
        await #expect {
          _ = try await Self.send(Self.request("/huge"), through: live)
        } throws: { error in
          (error as? URLError)?.code == .dataLengthExceedsMaximum
        }
      }
    }

    /// A slow live answer stops when the caller's task is cancelled.
    @Test func aCancelledRecordingStopsPromptly() async throws {
      let live = ScriptedTransport { _, _ in
        try await Task.sleep(for: .seconds(60))
        return (HTTPResponse(status: .ok), HTTPBody("late"))
      }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      defer { session.finishTasksAndInvalidate() }
      let started = ContinuousClock.now
      let task = Task {
        try await withWorld(using(session)) {
          try await Self.send(Self.request("/slow"), through: live)
        }
      }
      try await Task.sleep(for: .milliseconds(200))
      task.cancel()
      let result = await task.result
      #expect(throws: (any Error).self) { try result.get() }
      #expect(ContinuousClock.now - started < .seconds(10))
    }

    /// A request body whose stream throws midway: that error, nothing sent,
    /// replaying or recording.
    @Test(arguments: [false, true]) func aBodyThatThrowsMidwayIsThrownAsItIs(recording: Bool)
      async throws
    {
      let live = ScriptedTransport { _, _ in (HTTPResponse(status: .ok), HTTPBody("sent")) }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session =
        recording
        ? URLSession.replaying(.contentsOf(file, mode: .recordAll))
        : URLSession.replaying(.archive(factArchive))
      defer { session.finishTasksAndInvalidate() }
      let body = HTTPBody(
        AsyncThrowingStream { continuation in
          continuation.yield(ArraySlice(#"{"fact":"#.utf8))
          continuation.finish(throwing: Boom())
        }, length: .unknown)
      await withWorld(using(session)) {
        await #expect(throws: Boom()) {
          _ = try await Self.send(Self.request(.post, "/facts"), body: body, through: live)
        }
      }
      #expect(live.count == 0)
    }

    // MARK: Secrets

    /// A recording writes no credential: not the `Authorization` header, a
    /// token in the JSON body, a token in the answer, nor a cookie; and the
    /// file replays a request with other credentials.
    @Test func aRecordingWritesNoSecret() async throws {
      let live = ScriptedTransport { _, _ in
        var response = HTTPResponse(status: .ok)
        response.headerFields[.setCookie] = "session=sess77aa88bbQ; Path=/"
        response.headerFields[.contentType] = "application/json"
        return (response, HTTPBody(#"{"access_token":"atZx81Qm27Lp09","ok":true}"#))
      }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      func login(_ bearer: String, _ token: String) -> (HTTPRequest, HTTPBody) {
        var request = Self.request(.post, "/login")
        request.headerFields[.authorization] = "Bearer \(bearer)"
        request.headerFields[.contentType] = "application/json"
        return (request, HTTPBody(#"{"user":"ann","token":"\#(token)"}"#))
      }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      try await withWorld(using(session)) {
        let (request, body) = login("Kx9Secret0Bearer1Value2", "tok9f8e7d6c5b4a3")
        let (response, _) = try await Self.send(request, body: body, through: live)
        #expect(response.status == .ok)
      }
      #expect(live.sent.withLock { $0.first?.body.contains("tok9f8e7d6c5b4a3") } == true)
      let text = try await written(file, closing: session)
      for secret in [
        "Kx9Secret0Bearer1Value2", "tok9f8e7d6c5b4a3", "atZx81Qm27Lp09", "sess77aa88bbQ",
      ] {
        #expect(!text.contains(secret), "the file holds \(secret)")
      }
      Current.urlSession = .replaying(.contentsOf(file))
      let (request, body) = login("AnotherBearer", "tokOther")
      let (response, _) = try await Self.send(request, body: body)
      #expect(response.status == .ok)
    }

    // MARK: Many tests, many requests

    /// One `static let` transport, many parallel tests, each with its own
    /// recording: each gets its own answer.
    @Test(arguments: 0..<32) func aSharedTransportAnswersEachTestFromItsOwnFile(number: Int)
      async throws
    {
      Current.urlSession = .replaying(
        .archive(
          redTeamArchive(entry("GET", "https://api.example.com/fact", text: "fact \(number)"))))
      await Task.yield()
      let (_, body) = try await Self.shared.send(
        Self.request("/fact"), body: nil, baseURL: Self.api, operationID: "getFact")
      #expect(try await text(body) == "fact \(number)")
    }

    /// Concurrent sends in one test: each recorded answer is given once.
    @Test func concurrentSendsTakeEachAnswerOnce() async throws {
      let count = 24
      let entries = (0..<count).map { entry("GET", "https://api.example.com/next", text: "\($0)") }
      let distinct = (0..<count).map {
        entry("GET", "https://api.example.com/items/\($0)", text: "item \($0)")
      }
      Current.urlSession = .replaying(
        .archive(redTeamArchive((entries + distinct).joined(separator: ","))))
      let answers = try await withThrowingTaskGroup(of: (String, String).self) { group in
        for number in 0..<count {
          group.addTask { ("next", try await Self.send(Self.request("/next")).1) }
          group.addTask {
            ("\(number)", try await Self.send(Self.request("/items/\(number)")).1)
          }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      let next = answers.filter { $0.0 == "next" }.compactMap { Int($0.1) }.sorted()
      #expect(next == Array(0..<count))
      for (key, answer) in answers where key != "next" {
        #expect(answer == "item \(key)")
      }
    }

    // MARK: One file, every client

    /// A file recorded through the transport replays through
    /// `URLSession` and `HTTPClient`.
    @Test func aFileRecordedThroughTheTransportReplaysElsewhere() async throws {
      let live = ScriptedTransport { _, _ in
        var response = HTTPResponse(status: .created)
        response.headerFields[.contentType] = "text/plain"
        return (response, HTTPBody("stored A"))
      }
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
      try await withWorld(using(session)) {
        var post = Self.request(.post, "/facts?source=test")
        post.headerFields[.contentType] = "application/json"
        _ = try await Self.send(post, body: HTTPBody(#"{"fact":"A"}"#), through: live)
      }
      _ = try await written(file, closing: session)

      Current.urlSession = .replaying(.contentsOf(file))
      var request = URLRequest(url: URL(string: "https://api.example.com/facts?source=test")!)
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(#"{"fact":"A"}"#.utf8)
      let (data, response) = try await Current.urlSession.data(for: request)
      #expect((response as? HTTPURLResponse)?.statusCode == 201)
      #expect(String(decoding: data, as: UTF8.self) == "stored A")

      let client = HTTPClient(baseURL: Self.api) { _ in
        Issue.record("HTTPClient's replay sent a request")
        throw URLError(.notConnectedToInternet)
      }.replaying(.contentsOf(file))
      var endpoint = Endpoint(.post, "/facts").query("source", "test")
      endpoint.headers["Content-Type"] = "application/json"
      endpoint.body = Data(#"{"fact":"A"}"#.utf8)
      #expect(String(decoding: try await client.data(for: endpoint), as: UTF8.self) == "stored A")
    }

    /// A file recorded through `HTTPClient` replays through the transport.
    @Test func aFileRecordedThroughHTTPClientReplaysThroughTheTransport() async throws {
      let file = temporaryHAR()
      defer { try? FileManager.default.removeItem(at: file) }
      // Outside the test's world the recording is written when the client goes.
      let recorded = try await Task.detached {
        let client = HTTPClient(baseURL: Self.api) { request in
          (
            Data("from the client".utf8),
            HTTPURLResponse(
              url: request.url!, statusCode: 200, httpVersion: nil,
              headerFields: ["Content-Type": "text/plain"])!
          )
        }.replaying(.contentsOf(file, mode: .recordAll))
        return try await client.data(for: Endpoint(.get, "/hello").query("name", "café au lait"))
      }.value
      #expect(String(decoding: recorded, as: UTF8.self) == "from the client")
      try #require(await fileWritten(file))

      Current.urlSession = .replaying(.contentsOf(file))
      let (response, text) = try await Self.send(Self.request("/hello?name=caf%C3%A9%20au%20lait"))
      #expect(response.status == .ok)
      #expect(text == "from the client")
    }

    // MARK: Which session

    /// A session of the app's own is a live world: sent untouched.
    @Test func anAppsOwnSessionSendsLive() async throws {
      let live = ScriptedTransport { _, _ in (HTTPResponse(status: .ok), HTTPBody("live")) }
      Current.urlSession = URLSession(configuration: .ephemeral)
      let (_, text) = try await Self.send(Self.request("/fact"), through: live)
      #expect(text == "live")
      #expect(live.count == 1)
    }

    /// A session made from `URLSessionConfiguration.replaying` replays too.
    @Test func aSessionFromAReplayingConfigurationReplays() async throws {
      Current.urlSession = URLSession(
        configuration: .replaying(
          .archive(redTeamArchive(entry("GET", "https://api.example.com/fact", text: "recorded")))
        ))
      #expect(try await Self.send(Self.request("/fact")).1 == "recorded")
    }

    /// A replaying session that was invalidated (as a recording test does
    /// to write its file) does not turn into a live world: the request
    /// fails, and nothing is sent.
    @Test func anInvalidatedReplayingSessionSendsNothing() async throws {
      let live = ScriptedTransport { _, _ in (HTTPResponse(status: .ok), HTTPBody("live")) }
      let session = URLSession.replaying(
        .archive(redTeamArchive(entry("GET", "https://api.example.com/fact", text: "recorded"))))
      session.finishTasksAndInvalidate()
      try await Task.sleep(for: .milliseconds(500))
      Current.urlSession = session
      await #expect(throws: URLError.self) {
        _ = try await Self.send(Self.request("/fact"), through: live)
      }
      #expect(live.count == 0)
    }
  }
#endif
