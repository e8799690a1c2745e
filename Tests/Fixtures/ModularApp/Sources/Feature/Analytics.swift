import CurrentWorld

// A feature module without default isolation: the recipe as written on any
// target.

struct Analytics: Sendable {
  var track: @Sendable (String) -> Void
}

enum FeatureDependencies {
  static let analytics = WorldDependency(
    live: Analytics(track: { print("[analytics]", $0) }),
    test: Analytics(track: unimplemented("Current.analytics.track", placeholder: ())))
  /// Also declared by the app module: `Current.screenName` is ambiguous
  /// where both modules are imported.
  static let screenName = WorldDependency(live: "feature", test: "feature (test)")
}

extension World {
  subscript<V>(dynamicMember key: KeyPath<FeatureDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

/// Tracks an event from the feature.
public func trackFromFeature(_ event: String) {
  Current.analytics.track(event)
}
