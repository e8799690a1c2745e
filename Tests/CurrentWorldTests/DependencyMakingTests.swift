import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorld

/// How many times each of ``Deferred``'s values was made.
private let made = Locked<[String: Int]>([:])

private func making(_ name: String, _ value: Int) -> Int {
  made.withLock { $0[name, default: 0] += 1 }
  return value
}

private func count(_ name: String) -> Int { made.withLock { $0[name, default: 0] } }

/// Dependencies first used inside a bootstrap's configuration: each is
/// used by one test only, so the counts are that test's own.
private enum Deferred {
  static let replaced = WorldDependency(
    live: making("replaced.live", 1), test: making("replaced.test", 2))
  /// First used by `World.bootstrap` in a child process only.
  static let bootstrapped = WorldDependency(
    live: making("bootstrapped.live", 1), test: making("bootstrapped.test", 2))
}

extension World {
  fileprivate subscript<V>(dynamicMember key: KeyPath<Deferred.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

/// What a dependency makes when `World.bootstrap`'s configuration is the
/// first to use it. The launch itself is shown in a child process
/// (`Tests/Fixtures/ModularApp`'s launch probe): a test process's launch
/// world is fixed before any test runs.
@Suite struct DependencyMakingTests {
  /// Promise: a dependency first written while a bootstrap configures the
  /// launch world makes no value, neither the one it replaces nor any
  /// other; a world that does not override it makes its value at its first
  /// read, once.
  @Test(.world) func aDependencyFirstWrittenInBootstrapMakesNothing() {
    var world = Current
    LaunchWorld.$isConfiguring.withValue(true) { world.replaced = 7 }
    #expect(count("replaced.live") == 0)
    #expect(count("replaced.test") == 0)
    #expect(world.replaced == 7)
    #expect(Current.replaced == 2)
    #expect(Current.replaced == 2)
    #expect(count("replaced.test") == 1, "made at its first read, once")
    #expect(count("replaced.live") == 0)
  }

  /// Promise: `World.bootstrap` runs its configuration as configuring, so
  /// a dependency that the configuration is the first to write makes no
  /// value, neither the one it replaces nor any other. Shown through
  /// `World.bootstrap` itself, in a child process, whose launch world is
  /// still open: exit code 2 says it was not, 1 that a value was made.
  @Test func bootstrapMakesNoValueOfADependencyItWritesFirst() async {
    await #expect(processExitsWith: .success) {
      var configured = false
      World.bootstrap { world in
        configured = true
        world.bootstrapped = 7
      }
      guard configured else { exit(2) }
      guard count("bootstrapped.test") == 0, count("bootstrapped.live") == 0 else { exit(1) }
    }
  }
}
