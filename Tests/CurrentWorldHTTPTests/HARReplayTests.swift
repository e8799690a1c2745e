import CurrentWorld
import CurrentWorldSupport
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// How a replay matches requests to recorded answers, and how it fails.
@Suite struct HARReplayTests {
  /// A HAR document with one entry per `(method, url, postData, status, body)`.
  static func har(_ entries: [(String, String, String?, Int, String)]) -> Data {
    let items = entries.map { method, url, post, status, body in
      let postData =
        post.map { #","postData":{"mimeType":"application/json","text":\#(quoted($0))}"# } ?? ""
      return #"""
        {"request":{"method":"\#(method)","url":"\#(url)"\#(postData)},
         "response":{"status":\#(status),"headers":[{"name":"Content-Type","value":"application/json"}],
                     "content":{"mimeType":"application/json","text":\#(quoted(body))}}}
        """#
    }
    return Data(#"{"log":{"version":"1.2","entries":[\#(items.joined(separator: ","))]}}"#.utf8)
  }

  static func quoted(_ text: String) -> String {
    String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
  }

  /// A client whose own transport counts its calls in `sent`: a replay
  /// must never reach it. Each test calls `replaying` on it itself, so an
  /// issue is placed in the test.
  static func offline(sent: Locked<Int> = Locked(0)) -> HTTPClient {
    HTTPClient(
      baseURL: URL(string: "https://api.example/v1")!, clock: { ContinuousClock() },
      transport: { _ in
        sent.withLock { $0 += 1 }
        throw URLError(.notConnectedToInternet)
      })
  }

  /// Promise: a request matches by method, path, query in any order and
  /// body (JSON by value), whatever the recorded host.
  @Test func matchingIgnoresOrderAndHost() async throws {
    let archive = try HTTPArchive(
      data: Self.har([
        ("GET", "https://recorded.example/v1/fact?b=2&a=1", nil, 200, #"{"n":1}"#),
        (
          "POST", "https://recorded.example/v1/books", #"{"title":"Zama","year":1956}"#, 201,
          #"{"n":2}"#
        ),
      ]))
    let sent = Locked(0)
    let client = Self.offline(sent: sent).replaying(.archive(archive))
    let first = try await client.data(for: Endpoint(.get, "/fact").query("a", "1").query("b", "2"))
    let second = try await client.data(
      for: Endpoint(.post, "/books").sending(#"{ "year": 1956, "title": "Zama" }"#))
    #expect(first == Data(#"{"n":1}"#.utf8))
    #expect(second == Data(#"{"n":2}"#.utf8))
    #expect(sent.withLock { $0 } == 0)
  }

  /// Promise: a POST matches only the entry recorded with its body (JSON
  /// by value): of two answers to one route, each body gets its own,
  /// whatever the order, and a body that was never recorded gets none.
  @Test func aBodyIsMatchedByItsValue() async throws {
    let archive = try HTTPArchive(
      data: Self.har([
        ("POST", "https://api.example/v1/books", #"{"title":"Zama"}"#, 201, "zama"),
        ("POST", "https://api.example/v1/books", #"{"title":"Ficciones"}"#, 201, "ficciones"),
      ]))
    let sent = Locked(0)
    let log = ReportLog()
    let client = Self.offline(sent: sent).replaying(.archive(archive))
    let answer = try await client.data(
      for: Endpoint(.post, "/books").sending(#"{ "title": "Ficciones" }"#))
    #expect(String(decoding: answer, as: UTF8.self) == "ficciones")
    await log.capture {
      await #expect(throws: APIError.self) {
        try await client.data(for: Endpoint(.post, "/books").sending(#"{"title":"Rayuela"}"#))
      }
    }
    #expect(log.messages.first?.contains("its body differs") == true, "\(log.messages)")
    #expect(sent.withLock { $0 } == 0)
  }

  /// Promise: a query item named in the redaction is matched without its
  /// value, on both sides: a file a browser wrote with one device ID
  /// answers a test that sends another.
  @Test func aNamedQueryItemIsMatchedWithoutItsValue() async throws {
    let archive = try HTTPArchive(
      data: Self.har([("GET", "https://api.example/v1/feed?device=phone-1&page=2", nil, 200, "[]")])
    )
    let client = Self.offline().replaying(
      .archive(archive, redacting: HARRedaction(queryItems: ["Device"])))
    let answer = try await client.data(
      for: Endpoint(.get, "/feed").query("page", "2").query("device", "tablet-9"))
    #expect(answer == Data("[]".utf8))
  }

  /// Promise: identical requests take the answers in the order they were
  /// recorded; one more fails, saying each was given.
  @Test func identicalRequestsAnswerInRecordedOrder() async throws {
    let archive = try HTTPArchive(
      data: Self.har([
        ("GET", "https://api.example/v1/next", nil, 200, "1"),
        ("GET", "https://api.example/v1/next", nil, 200, "2"),
      ]))
    let sent = Locked(0)
    let log = ReportLog()
    let client = Self.offline(sent: sent).replaying(.archive(archive))
    let answers = try await log.capture {
      [
        try await client.data(for: Endpoint(.get, "/next")),
        try await client.data(for: Endpoint(.get, "/next")),
      ]
    }
    #expect(answers == [Data("1".utf8), Data("2".utf8)])
    await log.capture {
      await #expect(throws: APIError.self) { try await client.data(for: Endpoint(.get, "/next")) }
    }
    #expect(log.messages.count == 1)
    #expect(
      log.messages.first?.contains("2 answer(s) to GET /v1/next, and each was already given")
        == true, "\(log.messages)")
    #expect(sent.withLock { $0 } == 0)
  }

  /// Promise: a request with no recorded answer fails the test at the
  /// `replaying` call, naming the request and the closest entry, throws a
  /// typed error, and never reaches the network.
  @Test func anUnmatchedRequestFailsAndIsNeverSent() async throws {
    let archive = try HTTPArchive(
      data: Self.har([
        ("GET", "https://api.example/v1/fact?max=20", nil, 200, "{}"),
        ("DELETE", "https://api.example/v1/books/1", nil, 204, ""),
      ]))
    let sent = Locked(0)
    let log = ReportLog()
    let line = #line + 1
    let client = Self.offline(sent: sent).replaying(.archive(archive))
    let thrown = await log.capture { () -> APIError? in
      do throws(APIError) {
        _ = try await client.data(for: Endpoint(.get, "/fact").query("max", "5"))
        return nil
      } catch {
        return error
      }
    }
    #expect(sent.withLock { $0 } == 0)
    let message = try #require(log.messages.first)
    #expect(log.reported.first?.line == line, "placed at the replaying call")
    #expect(message.contains("matches GET /v1/fact?max=5"), "\(message)")
    #expect(
      message.contains("closest recorded request is GET /v1/fact?max=20; its query differ"),
      "\(message)")
    guard case .transport(_, let code, let text) = thrown else {
      Issue.record("expected a transport error, got \(String(describing: thrown))")
      return
    }
    #expect(code == .resourceUnavailable)
    #expect(text.contains("GET /v1/fact?max=5"))
  }

  /// Promise: a strict replay fails on answers that no request took, once
  /// the client is released; a plain replay does not.
  @Test(arguments: [true, false]) func strictReplayFailsOnUnusedAnswers(strict: Bool) async throws {
    let archive = try HTTPArchive(
      data: Self.har([
        ("GET", "https://api.example/v1/used", nil, 200, "{}"),
        ("GET", "https://api.example/v1/unused", nil, 200, "{}"),
      ]))
    let log = ReportLog()
    try await log.capture {
      let client = Self.offline().replaying(.archive(archive, strict: strict))
      _ = try await client.data(for: Endpoint(.get, "/used"))
    }
    if strict {
      #expect(log.messages.count == 1)
      #expect(log.messages.first?.contains("1 recorded answer(s)") == true, "\(log.messages)")
      #expect(log.messages.first?.contains("GET /v1/unused") == true)
      #expect(log.messages.first?.contains("/v1/used;") == false)
    } else {
      #expect(log.messages.isEmpty)
    }
  }

  /// Promise: a replayed call with no token to wait for skips the
  /// timeout's race (its clock is never read); an authorized one, a
  /// recording one, and one whose transport was replaced after
  /// `replaying` still race it.
  @Test func onlyACallThatCanWaitRacesItsTimeout() async throws {
    let archive = try HTTPArchive(
      data: Self.har([
        ("GET", "https://api.example/v1/open", nil, 200, "{}"),
        ("GET", "https://api.example/v1/open", nil, 200, "{}"),
        ("GET", "https://api.example/v1/private", nil, 200, "{}"),
      ]))
    let clockReads = Locked(0)
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example/v1")!, token: { "tok-1234" },
      clock: {
        clockReads.withLock { $0 += 1 }
        return ContinuousClock()
      },
      transport: { _ in throw URLError(.notConnectedToInternet) })
    let replaying = client.replaying(.archive(archive))

    _ = try await replaying.data(for: Endpoint(.get, "/open"))
    #expect(clockReads.withLock { $0 } == 0)
    _ = try await replaying.data(for: Endpoint(.get, "/private").authorized())
    #expect(clockReads.withLock { $0 } == 1)

    var replaced = replaying
    let answer = replaying.transport
    replaced.transport = { request in try await answer(request) }
    _ = try await replaced.data(for: Endpoint(.get, "/open"))
    #expect(clockReads.withLock { $0 } == 2)

    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("har-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let recording = HTTPClient(
      baseURL: URL(string: "https://api.example/v1")!,
      clock: {
        clockReads.withLock { $0 += 1 }
        return ContinuousClock()
      },
      now: { Date(timeIntervalSince1970: 0) },
      transport: { request in
        (
          Data("{}".utf8),
          HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        )
      }
    ).replaying(.contentsOf(folder.appendingPathComponent("r.har"), mode: .recordAll))
    _ = try await recording.data(for: Endpoint(.get, "/open"))
    #expect(clockReads.withLock { $0 } == 3)
  }

  /// Promise: a replayed body obeys the response size limit, as a live one
  /// does.
  @Test func aReplayedBodyObeysTheSizeLimit() async throws {
    let big = String(repeating: "x", count: 100)
    let archive = try HTTPArchive(
      data: Self.har([("GET", "https://api.example/v1/big", nil, 200, big)]))
    let client = Self.offline().replaying(.archive(archive))
    await #expect(
      throws: APIError.tooLarge(url: URL(string: "https://api.example/v1/big")!, limit: 10)
    ) {
      try await client.data(for: Endpoint(.get, "/big").limitingResponse(to: 10))
    }
  }

  /// Promise: a recorded error status replays as the client's status error.
  @Test func aRecordedErrorReplaysAsAStatusError() async throws {
    let archive = try HTTPArchive(
      data: Self.har([("GET", "https://api.example/v1/gone", nil, 404, #"{"error":"gone"}"#)]))
    let client = Self.offline().replaying(.archive(archive))
    do {
      _ = try await client.data(for: Endpoint(.get, "/gone"))
      Issue.record("a 404 was returned as data")
    } catch {
      guard case .status(404, _, let excerpt, _) = error else {
        Issue.record("expected a 404, got \(error)")
        return
      }
      #expect(excerpt.contains("gone"))
    }
  }

  /// Promise: a malformed file fails with its path and the place of what
  /// is wrong, as a typed error, and through a client as a failed test.
  @Test func aMalformedFileNamesItsPathAndPlace() async throws {
    let cases: [(String, String)] = [
      ("not json", "it is not JSON"),
      (
        #"{"log":{"entries":[{"request":{"method":"GET","url":"https://a.example/"},"response":{}}]}}"#,
        "log.entries[0].response.status is missing"
      ),
      (
        #"{"log":{"entries":[{"request":{"method":"GET","url":"https://a.example/"},"response":{"status":"ok"}}]}}"#,
        "log.entries[0].response.status is not a whole number"
      ),
      (
        #"{"log":{"entries":[{"request":{"method":"GET","url":"relative"},"response":{"status":200}}]}}"#,
        "log.entries[0].request.url \"relative\" is not an absolute URL"
      ),
      (
        #"{"log":{"entries":[{"request":{"method":"GET","url":"https://a.example/"},"response":{"status":200,"content":{"text":"%%","encoding":"base64"}}}]}}"#,
        "log.entries[0].response.content.text is not valid base64"
      ),
      (
        #"{"log":{"entries":[{"request":{"method":"GET","url":"https://a.example/"},"response":{"status":7}}]}}"#,
        "log.entries[0].response.status 7 is not an HTTP status"
      ),
    ]
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("har-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (index, (text, reason)) in cases.enumerated() {
      let file = folder.appendingPathComponent("bad\(index).har")
      try Data(text.utf8).write(to: file)
      #expect(throws: HARError(file: file.path, reason: reason)) {
        try HTTPArchive(contentsOf: file)
      }
    }
    // Through a client: the test fails, and the error names the file.
    let file = folder.appendingPathComponent("bad1.har")
    let log = ReportLog()
    let sent = Locked(0)
    await log.capture {
      let client = Self.offline(sent: sent).replaying(.contentsOf(file))
      await #expect(throws: APIError.self) { try await client.data(for: Endpoint(.get, "/")) }
    }
    #expect(log.messages.count == 1)
    #expect(
      log.messages.first?.contains("\(file.path): log.entries[0].response.status is missing")
        == true)
    #expect(sent.withLock { $0 } == 0)
  }

  /// Promise: replaying a file that does not exist fails and says how to
  /// record it; it never sends.
  @Test func aMissingFileSaysHowToRecordIt() async throws {
    let log = ReportLog()
    let sent = Locked(0)
    await log.capture {
      let client = Self.offline(sent: sent).replaying("Fixtures/never-recorded.har")
      await #expect(throws: APIError.self) { try await client.data(for: Endpoint(.get, "/")) }
    }
    let message = try #require(log.messages.first)
    #expect(
      message.contains("CurrentWorldHTTPTests/Fixtures/never-recorded.har"),
      "resolved next to this file: \(message)")
    #expect(message.contains("mode: .recordIfMissing"))
    #expect(message.contains("CURRENTWORLD_RECORD=missing"))
    #expect(sent.withLock { $0 } == 0)
  }

  /// Promise: a HAR written the way browsers write it (pages, timings,
  /// cache, `_`-prefixed fields, a gzip body stored decoded with its size,
  /// a base64 image, a request that got no answer) replays. The file is
  /// written by hand from the HAR 1.2 specification, and read from the
  /// test bundle.
  @Test func aBrowserStyleHARReplays() async throws {
    let file = try #require(
      Bundle.module.url(forResource: "browser", withExtension: "har", subdirectory: "HAR"))
    let archive = try HTTPArchive(contentsOf: file)
    #expect(archive.count == 4)
    let client = HTTPClient(baseURL: URL(string: "https://catfact.ninja")!) { _ in
      throw URLError(.notConnectedToInternet)
    }.replaying(.contentsOf(file))

    struct Fact: Decodable {
      var fact: String
      var length: Int
    }
    let fact = try await client.decode(
      Fact.self, from: Endpoint(.get, "/fact").query("max_length", "80"))
    #expect(fact.fact == "Cats sleep 70% of their lives.")
    #expect(fact.length == 30)

    let image = try await client.data(for: Endpoint(.get, "/img/cat.png"))
    #expect(image == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))

    let login = try await client.data(
      for: Endpoint(.post, "/login").header("Content-Type", "application/json")
        .sending(#"{"user":"ana"}"#))
    #expect(String(decoding: login, as: UTF8.self) == #"{"ok":true}"#)

    await #expect(throws: APIError.self) { try await client.data(for: Endpoint(.get, "/blocked")) }
  }

  /// Promise: a replayed answer has no `Content-Encoding`: the body is
  /// stored decoded, and a client must not try to decode it again.
  @Test func aDecodedBodyLosesItsContentEncoding() throws {
    let file = try #require(
      Bundle.module.url(forResource: "browser", withExtension: "har", subdirectory: "HAR"))
    let archive = try HTTPArchive(contentsOf: file)
    let fact = try #require(archive.entries.first)
    #expect(fact.headers["content-type"] == "application/json")
    #expect(!fact.headers.keys.contains { $0.lowercased() == "content-encoding" })
    #expect(!fact.headers.keys.contains { $0.lowercased() == "content-length" })
  }
}

extension Endpoint {
  /// This endpoint with `text` as its body, as written.
  fileprivate func sending(_ text: String) -> Endpoint {
    var endpoint = self
    endpoint.body = Data(text.utf8)
    return endpoint
  }
}
