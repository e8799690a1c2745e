import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Promise (#85): a test's sessions let go of its world (its overrides,
/// its relay) and its recording as the test's world ends, so a run that
/// makes 10,000 of them in sequence keeps none of those worlds.
@Suite(.timeLimit(.minutes(5))) struct SessionLifetimeTests {
  /// What a test world holds: it must be released with that world.
  final class Held: Sendable {}

  enum HeldKey: WorldKey {
    static let liveValue: Held? = nil
    static let testValue: Held? = nil
  }

  /// A test world that reads its unarranged session and makes a replaying
  /// one, then ends; returns what its world held, weakly.
  static func oneTest(_ archive: HTTPArchive) -> () -> Held? {
    let checks = TestEndChecks(testName: "a test of its own")
    var world = World.test
    world[TestEndChecksKey.self] = checks
    let held = Held()
    world[HeldKey.self] = held
    withWorld(world) {
      _ = Current.urlSession
      Current.urlSession = .replaying(.archive(archive))
    }
    checks.run()
    return { [weak held] in held }
  }

  @Test func tenThousandTestsKeepNoneOfTheirWorlds() throws {
    let archive = try HTTPArchive(
      data: Data(
        #"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[]}}"#.utf8))
    var kept = 0
    for _ in 0..<10_000 where Self.oneTest(archive)() != nil {
      kept += 1
    }
    #expect(kept == 0, "\(kept) of 10,000 ended test worlds are still held by their sessions")
  }
}
