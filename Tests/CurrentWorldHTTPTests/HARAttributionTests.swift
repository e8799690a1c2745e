import CurrentWorld
import CurrentWorldExamples
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A replay in a test's world, through the app's own dependency. (A
/// replay reports through `IssueReporter`, like an unimplemented call, so
/// an unmatched request made on a queue or a server's event loop lands on
/// the test whose world it ran in, as `FailureAttributionProof` proves for
/// every report.)
@Suite(.world) struct HARAttributionTests {
  static let archive = try! HTTPArchive(
    data: Data(
      #"""
      {"log":{"entries":[
        {"request":{"method":"GET","url":"https://catfact.ninja/fact"},
         "response":{"status":200,"content":{"text":"{\"fact\":\"Cats purr.\",\"length\":10}"}}},
        {"request":{"method":"GET","url":"https://catfact.ninja/breeds"},
         "response":{"status":200,"content":{"text":"[]"}}}]}}
      """#.utf8))

  /// A client that a replay must never let send.
  static var offline: HTTPClient {
    HTTPClient(baseURL: CatFactAPI.defaultBaseURL) { _ in
      Issue.record("a replay sent a request")
      throw URLError(.notConnectedToInternet)
    }
  }

  /// Promise: the one line that sets an app's API replays its file through
  /// the app's own client and decoder.
  @Test func theAppsClientDecodesAReplay() async throws {
    Current.catFactAPI = .live(client: Self.offline.replaying(.archive(Self.archive)))
    #expect(try await Current.catFactAPI.fetchFact() == CatFact(fact: "Cats purr.", length: 10))
  }

  /// Promise: a strict replay fails the test that made it once the client
  /// is released, naming the answer never given.
  @Test func aStrictReplayFailsTheTestOnRelease() async throws {
    try await withKnownIssue {
      Current.catFactAPI = .live(
        client: Self.offline.replaying(.archive(Self.archive, strict: true)))
      _ = try await Current.catFactAPI.fetchFact()
      // The test's world lets the client go: its unused answer is reported.
      Current.catFactAPI.fetchFact = { CatFact(fact: "", length: 0) }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("never requested: GET /breeds") && !text.contains("GET /fact")
    }
  }
}

/// The `.world` trait's own scope, run inside a test: what the trait
/// records at the end of its world lands on the test running it.
@Suite struct HARTestEndTests {
  /// Promise: a strict replay's unused answers are reported as the test's
  /// world ends, on that test, with no word of another task.
  @Test func aStrictReplayReportsAtTheEndOfTheTestsWorld() async throws {
    let test = try #require(Test.current)
    let messages = Locked<[String]>([])
    // Kept past the test's world, so that only the check at its end, not
    // the client's release, can report inside `withKnownIssue`.
    let kept = Locked<HTTPClient?>(nil)
    try await withKnownIssue {
      try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
        let client = HARAttributionTests.offline.replaying(
          .archive(HARAttributionTests.archive, strict: true))
        kept.withLock { $0 = client }
        Current.catFactAPI = .live(client: client)
        _ = try await Current.catFactAPI.fetchFact()
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      messages.withLock { $0.append(text) }
      return text.contains("never requested: GET /breeds")
    }
    #expect(messages.withLock { $0 }.count == 1)
    #expect(messages.withLock { $0 }.first?.contains("outside the test's task") == false)
    // Released now: reported once, already.
    kept.withLock { $0 = nil }
  }

  /// Promise: a strict replay whose answers were all taken reports
  /// nothing at the test's end: a report would be an issue of this test,
  /// and fail it. Both answers are checked to come from the file, so the
  /// silence is not that of a replay that never ran.
  @Test func aStrictReplayFullyUsedReportsNothing() async throws {
    let test = try #require(Test.current)
    let answers = Locked<[String]>([])
    try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
      let client = HARAttributionTests.offline.replaying(
        .archive(HARAttributionTests.archive, strict: true))
      for path in ["/fact", "/breeds"] {
        let data = try await client.data(for: Endpoint(.get, path))
        answers.withLock { $0.append(String(decoding: data, as: UTF8.self)) }
      }
    }
    #expect(answers.withLock { $0 } == [#"{"fact":"Cats purr.","length":10}"#, "[]"])
  }
}
