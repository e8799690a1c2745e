import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld
@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Promise: a test that waits longer than a test should for a live answer
/// (through URLSession and, on Linux, its delivery queue) or for an answer
/// through a session that replays is named on standard error, with the
/// request, within a minute (here, with the patience at one second). The
/// server accepts the connection and never answers, and the test's clock
/// never moves, so the wait never ends. Each runs in a child process,
/// whose standard error is read.
@Suite(.timeLimit(.minutes(10))) struct LongWaitHTTPTests {
  @Test func aLiveCallToASilentServerNamesItsTest() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      noteLongWaitsAfterOneSecond()
      guard let (_, port) = try? LoopbackServer.boundSocket(listening: true) else { exit(5) }
      let (world, _) = testWorld(named: "a test that calls a silent server")
      withWorld(world) {
        Current.clock = TestClock()  // the call's timeout never comes
        let client = HTTPClient.live(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
        _ = Task {
          try await client.data(for: Endpoint(.get, "/silent").query("token", "Zk8q3Secret"))
        }
      }
      // The call's and its timeout's.
      await exitOnceLongWaitsNoted(2)
    }
    let notes = longWaitNotes(result?.standardErrorContent)
    let live = notes.filter { $0.contains("a live answer to GET http://127.0.0.1:") }
    #expect(notes.count == 2)
    #expect(live.count == 1)
    #expect(live.first?.contains("the test a test that calls a silent server has waited") == true)
    #expect(live.first?.contains("/silent?token=REDACTED") == true)
    // A secret in the URL is redacted, as in errors.
    #expect(!notes.contains { $0.contains("Zk8q3Secret") })
  }

  @Test func aRecordingSessionsSilentServerNamesItsTest() async {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("long-wait-\(UUID().uuidString).har").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      [path = path as String] in
      noteLongWaitsAfterOneSecond()
      guard let (_, port) = try? LoopbackServer.boundSocket(listening: true) else { exit(5) }
      let (world, _) = testWorld(named: "a test that records a silent server")
      withWorld(world) {
        let session = URLSession.replaying(.file(path, mode: .recordAll))
        let url = URL(string: "http://127.0.0.1:\(port)/recorded")!
        _ = Task { try await session.data(from: url) }
      }
      // The route's, and its live send's.
      await exitOnceLongWaitsNoted(2)
    }
    let notes = longWaitNotes(result?.standardErrorContent)
    #expect(notes.count == 2)
    #expect(notes.allSatisfy { $0.contains("the test a test that records a silent server has") })
    let routed = notes.filter { $0.contains("through a URLSession that replays") }
    #expect(routed.count == 1)
    #expect(routed.first?.contains("an answer to GET http://127.0.0.1:") == true)
    #expect(routed.first?.contains("/recorded through") == true)
  }

  /// A Swift Testing test without the `.world` trait: the request of a
  /// session it made is watched under its name, on URLSession's thread,
  /// until the request is cancelled.
  @Test func aRouteOfATestWithoutAWorldIsWatchedByItsName() async throws {
    let name = try #require(Test.current.map { "\($0.id)" })
    let (socket, port) = try LoopbackServer.boundSocket(listening: true)
    defer { close(socket) }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("long-wait-\(UUID().uuidString).har")
    defer { try? FileManager.default.removeItem(at: file) }
    let session = URLSession.replaying(.file(file.path, mode: .recordAll))
    let call = Task {
      try await session.data(from: URL(string: "http://127.0.0.1:\(port)/unanswered")!)
    }
    let clock = ContinuousClock()
    let deadline = clock.now + settleLimit
    while !LongWaits.watchedTests.contains(name) && clock.now < deadline {
      try await clock.sleep(for: .milliseconds(20))
    }
    #expect(LongWaits.watchedTests.contains(name))
    call.cancel()
    #expect(await settled(call)?.isSuccess == false)
    while LongWaits.watchedTests.contains(name) && clock.now < deadline {
      try await clock.sleep(for: .milliseconds(20))
    }
    #expect(!LongWaits.watchedTests.contains(name))
    session.invalidateAndCancel()
  }
}
