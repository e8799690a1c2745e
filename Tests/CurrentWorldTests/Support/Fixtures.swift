import CurrentWorld
import CurrentWorldTesting
import Foundation

/// An app-defined dependency, declared the way an app would declare one.
struct Greeter: Sendable {
  var greet: @Sendable (String) -> String
}

enum GreeterKey: WorldKey {
  static let liveValue = Greeter(greet: { "Hello, \($0)!" })
  static let testValue = Greeter(greet: { "test greeting for \($0)" })
}

extension World {
  var greeter: Greeter {
    get { self[GreeterKey.self] }
    set { self[GreeterKey.self] = newValue }
  }
}

/// A second app-defined key with a plain value type, so that two keys in one
/// world are told apart.
enum RetryCountKey: WorldKey {
  static let liveValue = 3
  static let testValue = 0
}

extension World {
  var retryCount: Int {
    get { self[RetryCountKey.self] }
    set { self[RetryCountKey.self] = newValue }
  }
}

/// `World.test` at `date`: the one deterministic world, with the Unix
/// epoch as the default date these tests were written against.
func fixedWorld(date: Date = Date(timeIntervalSince1970: 0)) -> World {
  var world = World.test
  world.date = { date }
  return world
}
