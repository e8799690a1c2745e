import CurrentWorld

/// A client that a package publishes for its users' apps.
public struct CatalogClient: Sendable {
  /// The titles on sale.
  public var titles: @Sendable () -> [String]

  /// A client with the given closure.
  public init(titles: @escaping @Sendable () -> [String]) {
    self.titles = titles
  }
}

/// The package's dependencies, public, so that an app reads them as
/// `Current.catalog` and its tests override them.
public enum ShopDependencies {
  /// The catalog: the shop's titles live, none in a test.
  public static let catalog = WorldDependency(
    live: CatalogClient(titles: { ["Dune", "Emma"] }),
    test: CatalogClient(titles: unimplemented("Current.catalog.titles", placeholder: [])))
}

extension World {
  /// Reads and overrides ``ShopDependencies``' dependencies as fields.
  public subscript<V>(dynamicMember key: KeyPath<ShopDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}
