// The code of the article "Defining your own dependencies", compiled and run
// as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

nonisolated struct Analytics: Sendable {
  var track: @Sendable (String) -> Void
}

nonisolated enum AppDependencies {
  static let analytics = WorldDependency(
    live: Analytics(track: { event in print("analytics:", event) }),
    test: Analytics(track: unimplemented("Current.analytics.track", placeholder: ())))
  #if DEBUG
    static let profile = WorldDependency(
      live: "loaded from the account",
      test: "a fixture profile, kept out of release builds")
  #else
    // Release builds have no test world: the live value serves both.
    static let profile = WorldDependency(live: "loaded from the account", test: "")
  #endif
}

nonisolated extension World {
  subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

func didFinishOnboarding() {
  Current.analytics.track("onboarding_finished")
}

final class TrackedEvents: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []
  var all: [String] { lock.withLock { events } }
  func append(_ event: String) { lock.withLock { events.append(event) } }
}

@Suite(.world) struct DependencySnippets {

  @Test func theLiveValueIsUsedInLiveWorldsOnlyWhenATestOptsIn() {
    #expect(World.live.context == .test)  // in a test process
    var world = World.live
    world.context = .live
    #expect(world.context == .live)
    #expect(Current.context == .test)
  }

  @Test func debugBuildsKeepTheFixtureTestValue() {
    #expect(Current.profile == "a fixture profile, kept out of release builds")
    Current.context = .live
    #expect(Current.profile == "loaded from the account")
  }
}

@Test(.world) func onboardingIsTracked() {
  let events = TrackedEvents()
  Current.analytics.track = { events.append($0) }

  didFinishOnboarding()

  #expect(events.all == ["onboarding_finished"])
}
