import CurrentWorld
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

/// A fixed world for tests that must not depend on the machine's settings.
func fixedWorld(date: Date = Date(timeIntervalSince1970: 0)) -> World {
  var world = World.live
  world.context = .test
  world.calendar = Calendar(identifier: .gregorian)
  world.date = { date }
  world.locale = Locale(identifier: "en_US_POSIX")
  world.timeZone = TimeZone(identifier: "UTC")!
  world.notifications = .recording()
  world.pokemonsAPI = PokemonsAPI(fetchPokemons: unimplemented("Current.pokemonsAPI.fetchPokemons"))
  world.catFactAPI = CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact"))
  return world
}
