import Catalog
import CurrentWorld
import Feature
import Foundation

/// A screen model, on the main actor as the module's default makes it.
public final class FactScreen {
  /// What the screen shows.
  public private(set) var lines: [String] = []

  /// An empty screen.
  public init() {}

  /// Loads a fact and the catalog, and tracks that it did.
  public func load() async {
    do {
      lines.append(try await Current.catFactAPI.fetchFact())
    } catch {
      lines.append("error: \(error)")
    }
    lines.append(contentsOf: Current.catalog.titles())
    trackFromFeature("fact shown")
  }

  /// Counts an opening in the app's settings and keeps the fact shown in a
  /// draft file: the app's stored state, from a main-actor type.
  public func keep() throws {
    Current.defaults.set(Current.defaults.integer(forKey: "fact.opened") + 1, forKey: "fact.opened")
    let draft = Current.directories.documents.appendingPathComponent("fact.txt")
    try Data(lines.joined(separator: "\n").utf8).write(to: draft)
  }
}

/// Reads the app's dependency from code that is not on the main actor.
public nonisolated func fetchInBackground() async throws -> String {
  try await Current.catFactAPI.fetchFact()
}
