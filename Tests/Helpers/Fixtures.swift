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

public enum GreeterKey: WorldKey {
  public static let liveValue = Greeter(greet: { "Hello, \($0)!" })
  public static let testValue = Greeter(greet: { "test greeting for \($0)" })
}

extension World {
  public var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

/// A second app-defined key with a plain value type, so that two keys in one
/// world are told apart.
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
