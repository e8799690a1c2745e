import CurrentWorld
import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Promise (#85): a test that expects a request the recording lacks opts
/// in with `.replayThrowingMisses`; the miss is thrown to the caller as
/// `APIError.noRecordedAnswer`, through `HTTPClient` and `URLSession`
/// alike, no issue is reported (these tests would fail on one), and
/// nothing is sent.
@Suite(.world) struct ExpectedMissTests {
  static let server = URL(string: "http://127.0.0.1:9")!

  static func file() throws -> URL {
    try URLSessionReplayTests.file([("GET", "\(server)/recorded", nil, 200, #"{"ok":true}"#)])
  }

  @Test func aClientThrowsTheMissItExpects() async throws {
    let file = try Self.file()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let client = HTTPClient.live(baseURL: Self.server, clock: { ContinuousClock() })
      .replaying(.contentsOf(file, mode: .replayThrowingMisses))
    #expect(try await client.data(for: Endpoint(.get, "/recorded")) == Data(#"{"ok":true}"#.utf8))
    await #expect(
      throws: APIError.noRecordedAnswer(
        url: Self.server.appendingPathComponent("other"), request: "GET /other", file: file.path)
    ) {
      try await client.data(for: Endpoint(.get, "/other"))
    }
  }

  @Test func aSessionThrowsTheMissItExpects() async throws {
    let file = try Self.file()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    Current.urlSession = .replaying(.contentsOf(file, mode: .replayThrowingMisses))
    let (data, _) = try await Current.urlSession.data(
      from: Self.server.appendingPathComponent("recorded"))
    #expect(data == Data(#"{"ok":true}"#.utf8))
    let other = Self.server.appendingPathComponent("other")
    let error = await #expect(throws: APIError.self) {
      try await Current.urlSession.data(from: other)
    }
    #expect(error == .noRecordedAnswer(url: other, request: "GET /other", file: file.path))
  }

  /// The environment does not make a test that expects misses record.
  @Test func theEnvironmentDoesNotMakeItRecord() {
    #expect(
      HARMode.replayThrowingMisses.effective(environment: [HARMode.environmentVariable: "all"])
        == .replayThrowingMisses)
  }
}
