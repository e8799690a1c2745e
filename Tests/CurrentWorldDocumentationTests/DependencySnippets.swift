// The code of the article "Defining your own dependencies", compiled and run
// as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

struct Analytics: Sendable {
  var track: @Sendable (String) -> Void
}

enum AnalyticsKey: WorldKey {
  static let liveValue = Analytics(track: { event in print("analytics:", event) })
  static let testValue = Analytics(track: unimplemented("Current.analytics.track", placeholder: ()))
}

extension World {
  var analytics: Analytics {
    get { self[AnalyticsKey.self] }
    set { self[AnalyticsKey.self] = newValue }
  }
}

/// A key whose test value holds fixtures the app must not ship.
enum ProfileKey: WorldKey {
  static let liveValue = "loaded from the account"
  #if DEBUG
    static let testValue = "a fixture profile, kept out of release builds"
  #else
    // Release builds read the live value: no test world exists there.
    static var testValue: String { liveValue }
  #endif
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
    #expect(Current[ProfileKey.self] == ProfileKey.testValue)
    #expect(ProfileKey.testValue != ProfileKey.liveValue)  // a debug build, as tests are
  }
}

@Test(.world) func onboardingIsTracked() {
  let events = TrackedEvents()
  Current.analytics.track = { events.append($0) }

  didFinishOnboarding()

  #expect(events.all == ["onboarding_finished"])
}
