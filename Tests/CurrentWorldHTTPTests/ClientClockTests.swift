import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The client's default clock, `Current.clock`, read where tests break
/// things: a test without a world, and work that escaped a test's world.
@Suite(.timeLimit(.minutes(10))) struct ClientClockTests {
  static let client = HTTPClient(baseURL: URL(string: "https://example.com")!) { request in
    (
      Data("{}".utf8),
      HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
    )
  }

  /// Promise: a Swift Testing test without a world may call a client, whose
  /// timeouts sleep on the process-wide continuous clock: that read is not
  /// the read of a machine's value that fails such a test.
  @Test func aTestWithoutAWorldCallsAClientUnreported() async throws {
    let data = try await Self.client.data(for: Endpoint(.get, "/"))
    #expect(data == Data("{}".utf8))
  }

  /// Promise: a client called from work that escaped the test's world
  /// still warns of the escape: its timeouts would sleep on the
  /// process-wide clock, not the test's.
  @Test(.world) func aClientCalledFromEscapedWorkWarnsOfTheEscape() async {
    let warnings = await TestWorlds.countingWarnings {
      _ = await Task.detached { try? await Self.client.data(for: Endpoint(.get, "/")) }.value
    }
    #expect(warnings >= 1)
  }
}
