import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Promise (#85): a replaying client kept from one test (a `static let`)
/// and used in another test's world is refused there, naming both tests
/// and the line that made it, rather than answer from the first test's
/// file; within its own test's world, and in worlds made from it, it
/// answers.
@Suite(.timeLimit(.minutes(10))) struct ClientWorldTests {
  @Test func aClientFromAnotherTestIsRefusedNamingBoth() async throws {
    let file = try URLSessionReplayTests.file(
      Array(repeating: ("GET", "http://127.0.0.1:9/greet", nil, 200, #"{"hi":1}"#), count: 3))
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let test = try #require(Test.current)
    let kept = Locked<HTTPClient?>(nil)
    let line = Locked<UInt>(0)
    // The first test makes the client and uses it, also from a world
    // made from its own.
    try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
      line.withLock { $0 = #line + 2 }
      let client = HTTPClient.live(baseURL: URL(string: "http://127.0.0.1:9")!)
        .replaying(.contentsOf(file))
      kept.withLock { $0 = client }
      #expect(try await client.data(for: Endpoint(.get, "/greet")) == Data(#"{"hi":1}"#.utf8))
      let shared = SharedWorld()
      try await Task.detached {
        try await shared.run {
          _ = try await client.data(for: Endpoint(.get, "/greet"))
        }
      }.value
    }
    let client = try #require(kept.withLock { $0 })
    let told = Locked<[String]>([])
    try await withKnownIssue {
      try await WorldTrait.world.provideScope(for: test, testCase: Test.Case.current) {
        let error = await #expect(throws: APIError.self) {
          try await client.data(for: Endpoint(.get, "/greet"))
        }
        #expect(error?.description.contains("CurrentWorld reported this as an issue") == true)
      }
    } matching: { issue in
      told.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    let messages = told.withLock { $0 }
    #expect(messages.count == 1, "\(messages.joined(separator: "\n----\n"))")
    let message = messages.joined()
    // Both tests are named (here, two runs of this one).
    #expect(
      message.components(separatedBy: "aClientFromAnotherTestIsRefusedNamingBoth").count == 3,
      "\(message)")
    #expect(message.contains("ClientWorldTests.swift:\(line.withLock { $0 })"), "\(message)")
    #expect(message.contains("Make the client in each test"), "\(message)")
  }
}
