import Catalog
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing
import XCTest

@testable import App
@testable import Feature

// One file that reads and writes the dependencies of both modules and of a
// second package, from tests that are not on the main actor although the
// app module is.

@Test(.world) func readsAndOverridesEveryModulesDependencies() async throws {
  Current.catFactAPI.fetchFact = { "Cats have five toes in front." }
  Current.catalog.titles = { ["Middlemarch"] }
  let tracked = TrackedEvents()
  Current.analytics.track = { tracked.append($0) }
  let screen = await FactScreen()
  await screen.load()
  #expect(await screen.lines == ["Cats have five toes in front.", "Middlemarch"])
  #expect(tracked.events == ["fact shown"])
  #expect(try await fetchInBackground() == "Cats have five toes in front.")
}

@Test(.world) func eachTestStartsFromTheTestValues() {
  #expect(Current[AppDependencies.screenName] == "app (test)")
  #expect(Current[FeatureDependencies.screenName] == "feature (test)")
}

@Test(.world) func aNameBothModulesDeclareIsReachedThroughItsNamespace() {
  Current[AppDependencies.screenName] = "fact screen"
  #expect(Current[AppDependencies.screenName] == "fact screen")
  #expect(Current[FeatureDependencies.screenName] == "feature (test)")
}

@Test(.world) func aForgottenOverrideFailsNamingTheField() async {
  await withKnownIssue {
    await #expect(throws: UnimplementedError.self) { try await Current.catFactAPI.fetchFact() }
  } matching: { issue in
    issue.unimplementedCall?.field == "Current.catFactAPI.fetchFact"
  }
}

@MainActor @Test(.world) func aMainActorScreenKeepsItsStateInTheTestsOwnStore() throws {
  Current.catalog.titles = { ["Middlemarch"] }
  let screen = FactScreen()
  try screen.keep()
  try screen.keep()
  #expect(Current.defaults.integer(forKey: "fact.opened") == 2)
  #expect(UserDefaults.standard.object(forKey: "fact.opened") == nil)
  let draft = Current.directories.documents.appendingPathComponent("fact.txt")
  #expect(FileManager.default.fileExists(atPath: draft.path))
}

@MainActor @Test(.world) func aMainActorTestReadsTheSameWay() async throws {
  Current.catFactAPI.fetchFact = { "on the main actor" }
  #expect(try await Current.catFactAPI.fetchFact() == "on the main actor")
}

/// The same, from XCTest, as a plain `XCTestCase` writes it.
final class ModularAppXCTests: XCTestCase {
  func testOverridesInAWorldOfItsOwn() async throws {
    try await withWorld(.test) {
      Current.catFactAPI.fetchFact = { "from XCTest" }
      let fact = try await Current.catFactAPI.fetchFact()
      XCTAssertEqual(fact, "from XCTest")
    }
  }
}

/// Events tracked from any thread.
final class TrackedEvents: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []

  var events: [String] { lock.withLock { list } }

  func append(_ event: String) { lock.withLock { list.append(event) } }
}
