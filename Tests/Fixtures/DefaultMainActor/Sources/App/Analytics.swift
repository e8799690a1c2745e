import CurrentWorld
import Foundation

// The recipe from the Defining Dependencies article, written plainly in a
// module whose declarations are MainActor-isolated by default.

struct Analytics: Sendable {
  var track: @Sendable (String) -> Void
}

enum AnalyticsKey: WorldKey {
  static let liveValue = Analytics(track: { print("[analytics]", $0) })
  static let testValue = Analytics(track: unimplemented("Current.analytics.track", placeholder: ()))
}

extension World {
  // The one annotation the recipe needs here: without it the property is
  // MainActor-isolated, like everything else in this module.
  nonisolated var analytics: Analytics {
    get { self[AnalyticsKey.self] }
    set { self[AnalyticsKey.self] = newValue }
  }
}
