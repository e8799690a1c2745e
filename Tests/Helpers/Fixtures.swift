import CurrentWorld
import CurrentWorldTesting
import Foundation

/// An app-defined dependency, declared the way an app would declare one.
public struct Greeter: Sendable {
  public var greet: @Sendable (String) -> String

  public init(greet: @escaping @Sendable (String) -> String) {
    self.greet = greet
  }
}

/// The test support's dependencies, declared the way an app declares its
/// own; public, so every test target reads them as `Current.greeter`.
public enum TestDependencies {
  public static let greeter = WorldDependency(
    live: Greeter(greet: { "Hello, \($0)!" }),
    test: Greeter(greet: { "test greeting for \($0)" }))
}

extension World {
  public subscript<V>(dynamicMember key: KeyPath<TestDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

/// An app-defined dependency declared with a `WorldKey`, the form kept for
/// a default made at each read, with a plain value type: beside
/// ``TestDependencies/greeter`` it tells the two forms apart in one world.
public enum RetryCountKey: WorldKey {
  public static let liveValue = 3
  public static let testValue = 0
}

extension World {
  public var retryCount: Int {
    get { self[RetryCountKey.self] }
    set { self[RetryCountKey.self] = newValue }
  }
}

/// `World.test` at `date`: the one deterministic world, with the Unix
/// epoch as the default date these tests were written against.
#if DEBUG
  public func fixedWorld(date: Date = Date(timeIntervalSince1970: 0)) -> World {
    var world = World.test
    world.date = { date }
    return world
  }
#endif
