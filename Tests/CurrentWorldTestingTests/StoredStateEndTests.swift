import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorld

/// Promise: what a test's world made is removed as its world ends, or, for
/// folders, kept and named when the test failed; a read afterwards makes a
/// fresh store. Driven through the end checks that the trait and
/// `WorldTestCase` run.
@Suite(.timeLimit(.minutes(2))) struct StoredStateEndTests {
  /// The settings files in the temporary directory that hold `marker`.
  static func filesHolding(_ marker: String) throws -> [String] {
    let temporary = FileManager.default.temporaryDirectory
    return try FileManager.default.contentsOfDirectory(atPath: temporary.path)
      .filter { $0.hasPrefix("CurrentWorld-defaults-") }
      .filter { name in
        let data = (try? Data(contentsOf: temporary.appendingPathComponent(name))) ?? Data()
        return data.range(of: Data(marker.utf8)) != nil
      }
  }

  static func testWorld() -> (World, TestEndChecks) {
    let checks = TestEndChecks(testName: "a test of its own")
    var world = World.test
    world[TestEndChecksKey.self] = checks
    return (world, checks)
  }

  @Test func aPassingTestsStoreAndFoldersAreRemoved() throws {
    let (world, checks) = Self.testWorld()
    let marker = UUID().uuidString
    let root = try withWorld(world) {
      Current.defaults.set(marker, forKey: "stored.marker")
      Current.defaults.synchronize()
      let file = Current.directories.caches.appendingPathComponent("cache.bin")
      try Data(marker.utf8).write(to: file)
      return Current.directories.documents.deletingLastPathComponent()
    }
    #expect(try Self.filesHolding(marker).count == 1)
    #expect(FileManager.default.fileExists(atPath: root.path))
    #expect(checks.end() == [])
    #expect(try Self.filesHolding(marker) == [])
    #expect(!FileManager.default.fileExists(atPath: root.path))
    // A read after the end makes a fresh, empty store and folder.
    let after = withWorld(world) {
      (Current.defaults.string(forKey: "stored.marker"), Current.directories.documents)
    }
    #expect(after.0 == nil)
    #expect(after.1.deletingLastPathComponent() != root)
    _ = IsolatedStorage.endUnowned(keep: false)
  }

  @Test func aFailedTestsFoldersAreKeptAndNamed() throws {
    let (world, checks) = Self.testWorld()
    let marker = UUID().uuidString
    let (root, file) = try withWorld(world) {
      Current.defaults.set(marker, forKey: "stored.marker")
      Current.defaults.synchronize()
      let file = Current.directories.documents.appendingPathComponent("draft.txt")
      try Data(marker.utf8).write(to: file)
      return (Current.directories.documents.deletingLastPathComponent(), file)
    }
    defer { try? FileManager.default.removeItem(at: root) }
    checks.noteFailure()
    #expect(checks.end() == [root.path])
    #expect(try String(contentsOf: file, encoding: .utf8) == marker)
    // The settings store goes all the same.
    #expect(try Self.filesHolding(marker) == [])
    #expect(TestWorlds.keptFoldersMessage(root.path).contains(root.path))
  }

  /// A world that is released before its test ends still has what it
  /// made removed.
  @Test func aReleasedWorldsStoreIsStillRemoved() throws {
    let checks = TestEndChecks(testName: "a test of its own")
    let marker = UUID().uuidString
    let root = Self.madeAndReleased(marker, checks)
    #expect(checks.end() == [])
    #expect(try Self.filesHolding(marker) == [])
    #expect(!FileManager.default.fileExists(atPath: root.path))
  }

  /// Writes `marker` in a test world that holds `checks`, then lets that
  /// world go; returns its folders' root.
  static func madeAndReleased(_ marker: String, _ checks: TestEndChecks) -> URL {
    var world = World.test
    world[TestEndChecksKey.self] = checks
    return withWorld(world) {
      Current.defaults.set(marker, forKey: "stored.marker")
      Current.defaults.synchronize()
      return Current.directories.documents.deletingLastPathComponent()
    }
  }

  /// A world whose context is live reads the real store and folders, in a
  /// test process too: the one explicit opt-in, as for app keys.
  @Test func aLiveWorldReadsThePlatformsOwn() {
    var world = World.test
    world.context = .live
    var live = World.live
    live.context = .live
    #expect(live.defaults === UserDefaults.standard)
    #expect(live.directories == AppDirectories.platform)
    #expect(live.environment == ProcessInfo.processInfo.environment)
    // A fixed world's own store is not the context's.
    #expect(world.defaults !== UserDefaults.standard)
  }
}

/// Promise: the `.world` trait removes what its test's world made as the
/// test ends. Driven through the trait's own scope, from a test that has
/// no world of its own.
@Suite(.timeLimit(.minutes(10))) struct WorldTraitEndTests {
  @Test func theTraitRemovesWhatItsTestMade() async throws {
    let made = Made()
    try await WorldTrait.world.provideScope(
      for: try #require(Test.current), testCase: Test.Case.current
    ) {
      made.root = Current.directories.documents.deletingLastPathComponent()
      Current.defaults.set(made.marker, forKey: "stored.marker")
      Current.defaults.synchronize()
    }
    let root = try #require(made.root)
    #expect(!FileManager.default.fileExists(atPath: root.path))
    #expect(try StoredStateEndTests.filesHolding(made.marker) == [])
  }

  /// What the trait's test made, read after it.
  final class Made: @unchecked Sendable {
    // @unchecked Sendable: written inside the trait's scope, which has
    // ended before it is read.
    var root: URL?
    let marker = UUID().uuidString
  }
}
