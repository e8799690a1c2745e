// What a process that is no test makes of a dependency: run by
// `check-modular-app` in debug and release, as an Xcode preview and as an
// app whose launch bootstraps a replacement. A test process cannot show it.
import CurrentWorld
import Foundation

/// How often each value was made, in this process.
final class Counts: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]

  func add(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }

  var line: String {
    lock.withLock { counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
      .joined(separator: " ")
  }
}

let counts = Counts()

struct Database: Sendable {
  var name: String

  /// Opens the real database: counted, and reads `Current`, as a maker
  /// that reads the configured locale does.
  static func live() -> Database {
    counts.add("database.live")
    return Database(name: "live in \(Current.locale.identifier)")
  }

  static func preview() -> Database {
    counts.add("database.preview")
    return Database(name: "preview")
  }
}

enum ProbeDependencies {
  static let database = WorldDependency(
    live: Database.live(), test: Database(name: "test"), preview: Database.preview())
}

extension World {
  subscript<V>(dynamicMember key: KeyPath<ProbeDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

switch CommandLine.arguments.dropFirst().first {
case "bootstrap":
  // Replaces the dependency: its live value is never made.
  World.bootstrap { world in
    world.database = Database(name: "configured")
    world.locale = Locale(identifier: "fr_FR")
  }
case "bootstrap-read":
  // Reads the dependency inside the configuration: its maker reads
  // `Current`, which fixes the launch world, and bootstrap says so.
  World.bootstrap { world in
    print("read in bootstrap: \(world.database.name)")
    world.locale = Locale(identifier: "fr_FR")
  }
default:
  break
}
print("locale=\(Current.locale.identifier) database=\(Current.database.name) made: \(counts.line)")
