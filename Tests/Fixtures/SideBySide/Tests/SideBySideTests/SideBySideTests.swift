// The article "Coming from other styles", section "Side by side in one test
// file": a codebase that uses swift-dependencies and CurrentWorld at once,
// compiled as the article shows it (check-snippets.py compares the two).
import CurrentWorld
import CurrentWorldTesting
import Dependencies
import Foundation
import Testing

// A client that is still a swift-dependencies key…
struct GreetingClient: Sendable {
  var greet: @Sendable (String) async throws -> String
}

extension GreetingClient: DependencyKey {
  static let liveValue = GreetingClient(greet: { "Hello, \($0)!" })
  static let testValue = GreetingClient(greet: IssueReporting.unimplemented("GreetingClient.greet"))
}

extension DependencyValues {
  var greetingClient: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

// …and one that moved to CurrentWorld.
struct FarewellAPI: Sendable {
  var farewell: @Sendable (String) async throws -> String
}

enum AppDependencies {
  static let farewellAPI = WorldDependency(
    live: FarewellAPI(farewell: { "Goodbye, \($0)." }),
    test: FarewellAPI(farewell: CurrentWorld.unimplemented("Current.farewellAPI.farewell")))
}

extension World {
  subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

// A screen that reads both while it moves.
struct Visit {
  @Dependency(\.greetingClient) var greetingClient
  @Dependency(\.continuousClock) var dependenciesClock

  func run(_ name: String) async throws -> [String] {
    let hello = try await greetingClient.greet(name)
    try await Current.clock.sleep(for: .seconds(1))
    try await dependenciesClock.sleep(for: .seconds(1))
    return [hello, try await Current.farewellAPI.farewell(name)]
  }
}

@Test(.world, .timeLimit(.minutes(1))) func aVisitUsesBothLibrariesTestValues() async throws {
  let clock = TestClock()
  Current.clock = clock
  Current.farewellAPI.farewell = { "Bye, \($0)." }
  let visit = withDependencies {
    $0.greetingClient.greet = { "Hi, \($0)." }
    $0.continuousClock = Clocks.ImmediateClock<Duration>()
  } operation: {
    Visit()
  }
  let lines = Task { try await visit.run("Ada") }
  await clock.waitForSleepers()
  await clock.advance(by: .seconds(1))
  #expect(try await lines.value == ["Hi, Ada.", "Bye, Ada."])
}

@Test(.world, .timeLimit(.minutes(1))) func currentWorldsUnimplementedValueFailsTheTest() async {
  await withKnownIssue {
    _ = try? await Current.farewellAPI.farewell("Ada")
  } matching: { issue in
    issue.comments.contains { $0.rawValue.hasPrefix("Current.farewellAPI.farewell was called") }
  }
}

/// The names that the typealiases above settle, each in a type position,
/// where an ambiguous name does not compile.
@Test(.world, .timeLimit(.minutes(1))) func theUnqualifiedNamesAreCurrentWorlds() async throws {
  let clock: ImmediateClock = ImmediateClock()
  Current.clock = clock
  try await Current.clock.sleep(for: .seconds(60))
  #expect(clock.now.offset == .seconds(60))
  let unset: UnimplementedClock = UnimplementedClock()
  withWorld {
    $0.clock = unset
  } operation: {
    #expect(Current.clock is UnimplementedClock)
  }
  // A reporter that keeps what is reported, in place of the test runner
  // (LockIsolated is swift-dependencies' own, from ConcurrencyExtras).
  let reported = LockIsolated<[String]>([])
  let keep: IssueReporter = IssueReporter { issue in
    reported.withValue { $0.append(issue.message) }
  }
  await IssueReporter.withCurrent(keep) {
    _ = try? await Current.farewellAPI.farewell("Ada")
  }
  #expect(reported.value.first?.hasPrefix("Current.farewellAPI.farewell was called") == true)
}
