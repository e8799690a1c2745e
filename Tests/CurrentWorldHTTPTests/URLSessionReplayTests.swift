import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// App code as apps write it: plain `URLSession`, reading
/// `Current.urlSession` at each request.
struct PlainWeatherClient {
  var baseURL: URL

  func today(city: String) async throws -> String {
    var components = URLComponents(
      url: baseURL.appendingPathComponent("today"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "city", value: city)]
    let (data, _) = try await Current.urlSession.data(from: components.url!)
    return String(decoding: data, as: UTF8.self)
  }
}

/// A replaying `URLSession`, for each test's own world: matching and order
/// as `HTTPClient.replaying` has them, every way apps send, redirects, and
/// what a test that arranged nothing gets.
@Suite(.world) struct URLSessionReplayTests {
  /// A server that counts what reaches it: a replay must send it nothing.
  static let counting = try! LoopbackServer { _ in .json(#"{"live":true}"#) }

  /// A HAR file of its own, in a folder of its own, with `entries`.
  static func file(_ entries: [(String, String, String?, Int, String)]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("urlsession-har-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("answers.har")
    try HARReplayTests.har(entries).write(to: file)
    return file
  }

  /// Promise: 32 tests that run at once each replay a file of their own
  /// through plain `URLSession` code reading `Current.urlSession`, and each
  /// gets its own file's answer; the server their files name receives
  /// nothing.
  @Test(arguments: 0..<32) func parallelTestsEachReplayTheirOwnFile(number: Int) async throws {
    let base = Self.counting.baseURL
    let file = try Self.file([
      ("GET", "\(base)/today?city=c\(number)", nil, 200, "sunny \(number)")
    ])
    Current.urlSession = .replaying(.contentsOf(file))
    // Several requests each, so that tests' requests interleave.
    try await Task.sleep(for: .milliseconds(number % 4))
    let answer = try await PlainWeatherClient(baseURL: base).today(city: "c\(number)")
    #expect(answer == "sunny \(number)")
    #expect(Self.counting.requests.isEmpty)
  }

  /// Promise: each session's protocol class is its own, so no request
  /// reaches another session's route: no two route numbers share a tag
  /// type. Checked on the numbers themselves, so that a collision fails
  /// here at once, before any request goes to the wrong test's file.
  @Test func everyRouteNumberHasATagTypeOfItsOwn() {
    let numbers = 0..<4096
    let tags = Set(numbers.map { ObjectIdentifier(RouteTags.tag($0)) })
    #expect(tags.count == numbers.count)
    #expect(
      ObjectIdentifier(RouteTags.tag(5))
        == ObjectIdentifier(RouteTags.One<RouteTags.Zero<RouteTags.One<RouteTags>>>.self))
  }

  /// Promise: identical requests through a session take the answers in
  /// the order they were recorded.
  @Test func identicalRequestsAnswerInRecordedOrder() async throws {
    let file = try Self.file([
      ("GET", "https://api.example/next", nil, 200, "1"),
      ("GET", "https://api.example/next", nil, 200, "2"),
    ])
    let session = URLSession.replaying(.contentsOf(file))
    let url = URL(string: "https://api.example/next")!
    let first = try await session.data(from: url).0
    let second = try await session.data(from: url).0
    #expect([first, second] == [Data("1".utf8), Data("2".utf8)])
  }

  /// Promise: every way apps send reaches the replay: `data(for:)` with a
  /// JSON body, a body given as a stream, `upload(for:from:)` (matched
  /// whatever its body, which no protocol sees) and the completion-handler
  /// `dataTask`.
  @Test func everyWayAppsSendIsReplayed() async throws {
    let file = try Self.file([
      ("POST", "https://api.example/books", #"{"title":"Zama"}"#, 201, "posted"),
      ("PUT", "https://api.example/books/1", #"{"title":"Zama"}"#, 200, "streamed"),
      ("POST", "https://api.example/uploads", #"{"any":"body"}"#, 201, "uploaded"),
      ("GET", "https://api.example/handler", nil, 200, "handled"),
    ])
    let session = URLSession.replaying(.contentsOf(file))
    var post = URLRequest(url: URL(string: "https://api.example/books")!)
    post.httpMethod = "POST"
    post.httpBody = Data(#"{ "title": "Zama" }"#.utf8)
    #expect(try await session.data(for: post).0 == Data("posted".utf8))

    var put = URLRequest(url: URL(string: "https://api.example/books/1")!)
    put.httpMethod = "PUT"
    put.httpBodyStream = InputStream(data: Data(#"{"title":"Zama"}"#.utf8))
    #expect(try await session.data(for: put).0 == Data("streamed".utf8))

    var upload = URLRequest(url: URL(string: "https://api.example/uploads")!)
    upload.httpMethod = "POST"
    #expect(
      try await session.upload(for: upload, from: Data("other".utf8)).0 == Data("uploaded".utf8))

    let handled = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Data, any Error>) in
      session.dataTask(with: URL(string: "https://api.example/handler")!) { data, _, error in
        if let error { return continuation.resume(throwing: error) }
        continuation.resume(returning: data ?? Data())
      }.resume()
    }
    #expect(handled == Data("handled".utf8))
  }

  /// Promise: a file recorded through `HTTPClient` replays through a
  /// session, and the reverse.
  @Test func oneFileServesBothClients() async throws {
    let server = try LoopbackServer { request in .json(#"{"at":"\#(request.target)"}"#) }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("both-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let byClient = folder.appendingPathComponent("client.har")
    let bySession = folder.appendingPathComponent("session.har")

    let client = HTTPClient.live(baseURL: server.baseURL, clock: { ContinuousClock() })
    let recorded = try await client.replaying(.contentsOf(byClient, mode: .recordAll))
      .data(for: Endpoint(.get, "/facts").query("n", "1"))
    let sessionRecorded = try await URLSession.replaying(.contentsOf(bySession, mode: .recordAll))
      .data(from: server.baseURL.appendingPathComponent("breeds")).0
    server.stop()
    #expect(server.requests.count == 2)
    // As the test's end would: both recordings end, which writes them.
    FileRecording.close(byClient)
    FileRecording.close(bySession)

    let replayedBySession = try await URLSession.replaying(.contentsOf(byClient))
      .data(from: URL(string: "\(server.baseURL)/facts?n=1")!).0
    let replayedByClient = try await client.replaying(.contentsOf(bySession))
      .data(for: Endpoint(.get, "/breeds"))
    #expect(replayedBySession == recorded)
    #expect(replayedByClient == sessionRecorded)
  }

  /// Promise: a recording through a session writes no secret, records
  /// each redirect as an entry of its own, and replays offline after the
  /// server is gone, redirect and all.
  @Test func recordStopReplay() async throws {
    let server = try LoopbackServer { request in
      if request.path == "/old" {
        return .respond(status: 302, headers: ["Location": "/new"], body: Data())
      }
      let echo = request.headers["authorization"] ?? ""
      return .json(#"{"path":"\#(request.path)","echo":"\#(echo)"}"#)
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("session-round-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("round.har")
    let token = "Bearer tok-SECRET-31"

    func calls(_ session: URLSession) async throws -> [String] {
      var authorized = URLRequest(url: server.baseURL.appendingPathComponent("me"))
      authorized.setValue(token, forHTTPHeaderField: "Authorization")
      let (me, _) = try await session.data(for: authorized)
      let (moved, response) = try await session.data(
        from: server.baseURL.appendingPathComponent("old"))
      return [
        String(decoding: me, as: UTF8.self), String(decoding: moved, as: UTF8.self),
        response.url?.path ?? "",
      ]
    }

    let live = try await calls(.replaying(.contentsOf(file, mode: .recordAll)))
    server.stop()
    #expect(server.requests.map(\.path) == ["/me", "/old", "/new"])
    #expect(live[0].contains("tok-SECRET-31"), "the server saw the real token")
    #expect(live[2] == "/new")

    FileRecording.close(file)  // as the test's end
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(!text.contains("tok-SECRET-31"), "\(text)")
    let archive = try HTTPArchive(contentsOf: file)
    #expect(archive.entries.map(\.status) == [200, 302, 200])

    let replayed = try await calls(.replaying(.contentsOf(file)))
    #expect(replayed[1] == live[1])
    #expect(replayed[2] == "/new")
    #expect(replayed[0].contains("REDACTED") && !replayed[0].contains("tok-SECRET"))
  }

  /// What a redirect test's server answers: `POST /old` is redirected
  /// with `status` to `/new`, which tells the method and body it got.
  static func redirectingServer(status: Int) throws -> LoopbackServer {
    try LoopbackServer { request in
      request.path == "/old"
        ? .respond(status: status, headers: ["Location": "/new"], body: Data())
        : .respond(
          status: 200, headers: ["Content-Type": "text/plain"],
          body: Data("\(request.method) \(request.path) ".utf8) + request.body)
    }
  }

  /// `POST /old` with a JSON body through `session`: the final answer's
  /// body and status.
  static func postOld(_ session: URLSession, at base: URL) async throws -> (String, Int) {
    var request = URLRequest(url: base.appendingPathComponent("old"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = Data(#"{"title":"Zama"}"#.utf8)
    let (data, response) = try await session.data(for: request)
    return (String(decoding: data, as: UTF8.self), (response as? HTTPURLResponse)?.statusCode ?? 0)
  }

  /// A client whose own transport never answers: a replay must not need it.
  static func offlineClient(_ base: URL) -> HTTPClient {
    HTTPClient(
      baseURL: base, clock: { ContinuousClock() },
      transport: { _ in throw URLError(.notConnectedToInternet) })
  }

  /// Promise: a 307 or 308 redirect is followed with the method and body,
  /// as `URLSession` follows it: recorded as two entries, and followed from
  /// the file, offline, by a session and by `HTTPClient`; the redirect is
  /// never the answer.
  @Test(arguments: [307, 308]) func aMethodKeepingRedirectIsFollowedFromTheFile(status: Int)
    async throws
  {
    let server = try Self.redirectingServer(status: status)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("redirect-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("redirect.har")
    let moved = #"POST /new {"title":"Zama"}"#

    let live = try await Self.postOld(
      .replaying(.contentsOf(file, mode: .recordAll)), at: server.baseURL)
    server.stop()
    #expect(live.0 == moved && live.1 == 200, "\(live)")
    FileRecording.close(file)  // as the test's end
    let archive = try HTTPArchive(contentsOf: file)
    #expect(archive.entries.map(\.status) == [status, 200])
    #expect(archive.entries.map(\.method) == ["POST", "POST"])

    let replayed = try await Self.postOld(.replaying(.contentsOf(file)), at: server.baseURL)
    #expect(replayed.0 == moved && replayed.1 == 200, "\(replayed)")
    var endpoint = Endpoint(.post, "/old").header("Content-Type", "application/json")
    endpoint.body = Data(#"{"title":"Zama"}"#.utf8)
    let answer = try await Self.offlineClient(server.baseURL).replaying(.contentsOf(file))
      .data(for: endpoint)
    #expect(String(decoding: answer, as: UTF8.self) == moved)
  }

  /// Promise: a POST redirected by a 301 or 302 is followed as a GET
  /// without its body, as `URLSession` follows it: so the server gets it
  /// while recording, so the file holds it, and so a replay from the file
  /// (by a session and by `HTTPClient`) asks for it.
  @Test(arguments: [301, 302]) func aPostRedirectedBy301Or302IsFollowedAsAGet(status: Int)
    async throws
  {
    let server = try Self.redirectingServer(status: status)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("redirect-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("redirect.har")

    let live = try await Self.postOld(
      .replaying(.contentsOf(file, mode: .recordAll)), at: server.baseURL)
    server.stop()
    #expect(live.0 == "GET /new " && live.1 == 200, "\(live)")
    #expect(server.requests.map(\.method) == ["POST", "GET"])
    FileRecording.close(file)  // as the test's end
    let archive = try HTTPArchive(contentsOf: file)
    #expect(archive.entries.map(\.method) == ["POST", "GET"])
    #expect(archive.entries.last?.requestBody.isEmpty == true)

    let replayed = try await Self.postOld(.replaying(.contentsOf(file)), at: server.baseURL)
    #expect(replayed.0 == "GET /new " && replayed.1 == 200, "\(replayed)")
    var endpoint = Endpoint(.post, "/old").header("Content-Type", "application/json")
    endpoint.body = Data(#"{"title":"Zama"}"#.utf8)
    let answer = try await Self.offlineClient(server.baseURL).replaying(.contentsOf(file))
      .data(for: endpoint)
    #expect(String(decoding: answer, as: UTF8.self) == "GET /new ")
  }

  /// Promise: a request that got no answer while recording is recorded as
  /// one (status 0, its `URLError` code in HAR's `_error`), and a replay
  /// fails as it did, through a session and through `HTTPClient`.
  @Test func aFailedRequestIsRecordedAndReplayedAsAFailure() async throws {
    // A port held and never listened on, so that no other test's server
    // can take it. (A stopped server's port was taken by a test running
    // beside this one, whose server answered.)
    let refusing = try RefusingPort()
    defer { withExtendedLifetime(refusing) {} }
    let url = refusing.baseURL.appendingPathComponent("gone")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("failed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("failed.har")

    let recorded = await #expect(throws: URLError.self) {
      try await URLSession.replaying(.contentsOf(file, mode: .recordAll)).data(from: url)
    }
    let code = try #require(recorded?.code)
    FileRecording.close(file)  // as the test's end
    let archive = try HTTPArchive(contentsOf: file)
    #expect(archive.entries.map(\.status) == [0])
    #expect(archive.entries.first?.failure == code)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains(#""_error" : "NSURLErrorDomain \#(code.rawValue)""#), "\(text)")

    let replayed = await #expect(throws: URLError.self) {
      try await URLSession.replaying(.contentsOf(file)).data(from: url)
    }
    #expect(replayed?.code == code)
    let client = HTTPClient.live(baseURL: refusing.baseURL, clock: { ContinuousClock() })
      .replaying(.contentsOf(file))
    do {
      _ = try await client.data(for: Endpoint(.get, "/gone"))
      Issue.record("a recorded failure answered")
    } catch {
      guard case .transport(_, let replayedCode, _) = error else {
        Issue.record("not a transport error: \(error)")
        return
      }
      #expect(replayedCode == code)
    }
  }

  /// Promise: an upload's body, which no protocol sees, is never recorded
  /// (it would be sent without it): the request fails, naming data(for:),
  /// and is not sent.
  @Test func anUploadIsNotRecorded() async throws {
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("upload-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var request = URLRequest(url: server.baseURL.appendingPathComponent("uploads"))
    request.httpMethod = "POST"
    let upload = request
    let test = try #require(Test.current)
    try await withKnownIssue {
      try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
        let session = URLSession.replaying(
          .contentsOf(folder.appendingPathComponent("up.har"), mode: .recordAll))
        await #expect(throws: URLError.self) {
          try await session.upload(for: upload, from: Data("body".utf8))
        }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Record it with data(for:)")
    }
    #expect(server.requests.isEmpty)
  }

  /// Promise: a request that the file has no answer for fails the test
  /// whose world made the session, though URLSession answers on a thread
  /// of its own, and is never sent.
  @Test func anUnmatchedRequestFailsItsTest() async throws {
    let file = try Self.file([("GET", "\(Self.counting.baseURL)/recorded", nil, 200, "{}")])
    let test = try #require(Test.current)
    let issues = Locked(0)
    let thrown = Locked<URLError?>(nil)
    try await withKnownIssue {
      try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
        let session = URLSession.replaying(.contentsOf(file))
        let error = await #expect(throws: URLError.self) {
          try await session.data(from: Self.counting.baseURL.appendingPathComponent("other"))
        }
        thrown.withLock { $0 = error }
      }
    } matching: { issue in
      issues.withLock { $0 += 1 }
      let text = issue.comments.map(\.rawValue).joined()
      // The request was sent from the test's task: the issue does not say
      // otherwise, and says where it was answered.
      return text.contains("No recorded answer") && text.contains("GET /other")
        && text.contains("GET /recorded") && !text.contains("outside the test's task")
        && text.contains("Answered on URLSession's loading thread")
    }
    #expect(Self.counting.requests.isEmpty)
    #expect(issues.withLock { $0 } == 1)
    // What a runner shows if the test lets the error escape: one line
    // that says the issue is already reported (#85).
    let error = try #require(thrown.withLock { $0 })
    let description = error.localizedDescription
    #expect(!description.contains("\n"), "\(description)")
    // As a runner prints it: never "(null)".
    #expect(!String(describing: error).contains("(null)"), "\(error)")
    #expect(
      description
        == "CurrentWorld reported this as an issue, with the fix: No recorded answer in "
        + "\(file.path) matches GET /other.")
  }

  /// Promise: a test that arranged nothing and sends through
  /// `Current.urlSession` fails, with the line that fixes it, and nothing
  /// is sent.
  @Test func theTestValueFailsTheTestNamingTheFix() async throws {
    let test = try #require(Test.current)
    try await withKnownIssue {
      try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
        await #expect(throws: URLError.self) {
          try await PlainWeatherClient(baseURL: Self.counting.baseURL).today(city: "x")
        }
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("GET \(Self.counting.baseURL)/today?city=x")
        && text.contains(#"Current.urlSession = .replaying("Recordings/name.har")"#)
    }
    #expect(Self.counting.requests.isEmpty)
  }

  /// Promise: each test's unarranged session is its own, so that its
  /// failure can land on that test; the same test reads the same one.
  @Test func eachTestHasItsOwnUnarrangedSession() async throws {
    let test = try #require(Test.current)
    let sessions = Locked<[ObjectIdentifier]>([])
    for _ in 0..<2 {
      try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
        sessions.withLock {
          $0 += [ObjectIdentifier(Current.urlSession), ObjectIdentifier(Current.urlSession)]
        }
      }
    }
    let read = sessions.withLock { $0 }
    #expect(read[0] == read[1])
    #expect(read[2] == read[3])
    #expect(read[0] != read[2])
    #expect(!read.contains(ObjectIdentifier(SessionRoute.unarrangedSession)))
  }

  /// Promise: the process's own unarranged session, which the first test
  /// that reads `Current.urlSession` may make, outlives that test; a
  /// test's own ends with it.
  @Test func theProcesssUnarrangedSessionOutlivesTheTestThatMadeIt() async throws {
    let test = try #require(Test.current)
    let routes = Locked<[SessionRoute]>([])
    try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
      routes.withLock { $0 = [.unarranged(in: nil), .unarranged(in: SessionWorld())] }
    }
    let made = routes.withLock { $0 }
    try #require(made.count == 2)
    #expect(made[0].answeringNow != nil, "the process's own")
    #expect(made[1].answeringNow == nil, "the test's own")
  }

  /// Promise: a session made in a test answers in that test's world when
  /// work that left the test's task uses it (`Task.detached`, a GCD queue
  /// with a completion handler): each gets its answer, and an unmatched
  /// request's failure lands on that test.
  @Test(.timeLimit(.minutes(10))) func detachedWorkUsesTheSessionInItsTestsWorld() async throws {
    let file = try Self.file([
      ("GET", "https://api.example/detached", nil, 200, "d"),
      ("GET", "https://api.example/queued", nil, 200, "q"),
    ])
    let test = try #require(Test.current)
    try await withKnownIssue {
      try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
        Current.urlSession = .replaying(.contentsOf(file))
        let session = Current.urlSession
        let detached = try await Task.detached {
          try await session.data(from: URL(string: "https://api.example/detached")!).0
        }.value
        #expect(detached == Data("d".utf8))
        let queued = try await withCheckedThrowingContinuation { continuation in
          DispatchQueue.global().async {
            session.dataTask(with: URL(string: "https://api.example/queued")!) { data, _, error in
              continuation.resume(
                with: data.map(Result.success) ?? .failure(error ?? URLError(.unknown)))
            }.resume()
          }
        }
        #expect(queued == Data("q".utf8))
        await #expect(throws: URLError.self) {
          try await Task.detached {
            try await session.data(from: URL(string: "https://api.example/missing")!)
          }.value
        }
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("No recorded answer") && text.contains("GET /missing")
    }
  }

  /// Promise: a session made in a test and used after that test's world
  /// ended fails, saying so, rather than answer from its file.
  @Test func aSessionUsedAfterItsTestFails() async throws {
    let file = try Self.file([("GET", "https://api.example/late", nil, 200, "late")])
    let test = try #require(Test.current)
    let kept = Locked<URLSession?>(nil)
    try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
      let session = URLSession.replaying(.contentsOf(file))
      kept.withLock { $0 = session }
    }
    let session = try #require(kept.withLock { $0 })
    let error = await #expect(throws: URLError.self) {
      try await session.data(from: URL(string: "https://api.example/late")!)
    }
    // The test that made it is named; the runner names the one that sent.
    let description = error?.localizedDescription ?? ""
    #expect(description.contains("after that test's world ended"), "\(description)")
    #expect(description.contains("in the test aSessionUsedAfterItsTestFails()"), "\(description)")
  }

  /// Promise: cancelling a request that a session is recording from a
  /// slow server ends it with `URLError.cancelled`, rather than after the
  /// server's answer, and writes no file.
  @Test(.timeLimit(.minutes(10))) func aCancelledRecordingEnds() async throws {
    let server = try LoopbackServer { _ in .delayed(seconds: 600, .json("{}")) }
    defer { server.stop() }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("cancel-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("slow.har")
    let session = URLSession.replaying(.contentsOf(file, mode: .recordAll))
    let url = server.baseURL.appendingPathComponent("slow")
    let request = Task { try await session.data(from: url) }
    // Cancelled once the server has the request, so that the cancel
    // reaches a request on its way, however slowly the machine runs; the
    // whole wait is bounded, so a request that never ends fails here.
    let outcome = await settled(
      Task {
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        request.cancel()
        _ = try await request.value
      })
    #expect((outcome?.failure as? URLError)?.code == .cancelled, "\(String(describing: outcome))")
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  /// Promise: live, `Current.urlSession` is `URLSession.shared`.
  @Test func theLiveValueIsTheSharedSession() {
    var world = World.test
    world.context = .live
    #expect(world.urlSession === URLSession.shared)
  }
}

/// What a test that sends through `URLSession.shared` gets, as Backend
/// APIs documents it: the request goes to the network, as anywhere else,
/// and nothing is reported. (A protocol class registered process-wide
/// reaches `URLSession.shared` on Linux only if registered before the
/// shared session is first made, which no library can promise.)
@Suite(.world) struct SharedSessionTests {
  /// Promise: the request is sent unchanged (the server receives it), even
  /// once the test world's `Current.urlSession` was read, and no issue is
  /// reported.
  @Test func aRequestThroughTheSharedSessionIsSentUnseen() async throws {
    let server = try LoopbackServer { _ in .json(#"{"live":true}"#) }
    defer { server.stop() }
    _ = Current.urlSession
    let issues = Locked<[String]>([])
    let log = IssueReporter { issue in issues.withLock { $0.append(issue.message) } }
    let answer = try await IssueReporter.withCurrent(log) {
      try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("shared")).0
    }
    #expect(answer == Data(#"{"live":true}"#.utf8))
    #expect(server.requests.map(\.path) == ["/shared"])
    #expect(issues.withLock { $0 }.isEmpty)
  }
}
