import CurrentWorld

// The recipe in a module whose declarations are MainActor-isolated by
// default: `nonisolated` before the client type, the namespace and the
// extension, as the article says, so that tests and work off the main actor
// read and override them.

nonisolated struct CatFactAPI: Sendable {
  var fetchFact: @Sendable () async throws -> String
}

nonisolated enum AppDependencies {
  static let catFactAPI = WorldDependency(
    live: CatFactAPI(fetchFact: { "Cats sleep 16 hours a day." }),
    test: CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact")))
  /// Also declared by the feature module.
  static let screenName = WorldDependency(live: "app", test: "app (test)")
}

nonisolated extension World {
  subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}
