import CurrentWorld
import Foundation
import TestHelpers
import Testing

/// `print(Current)` and `dump(Current)` show the world's fields, closures as
/// their types, rather than its private storage.
@Suite struct WorldDescriptionTests {
  @Test func printShowsTheFields() {
    var world = fixedWorld()
    world.retryCount = 7
    // The platform names its UTC zone itself ("GMT" with this ICU).
    let zone = TimeZone(identifier: "UTC")!.identifier
    #expect(
      String(describing: world) == """
        World(context: test, date: () -> Date, clock: UnimplementedClock, uuid: () -> UUID, \
        calendar: gregorian, locale: en_US_POSIX, timeZone: \(zone), \
        notifications: NotificationHub, pokemonsAPI: PokemonsAPI, catFactAPI: CatFactAPI, \
        app-defined dependencies: 1 set)
        """)
  }

  /// Promise: a time zone shows as its identifier, as a locale does: an
  /// offset zone too, whose own description differs ("GMT (3600)").
  @Test func aTimeZoneShowsItsIdentifier() {
    var world = fixedWorld()
    let zone = TimeZone(secondsFromGMT: 3_600)!
    world.timeZone = zone
    #expect(String(describing: world).contains("timeZone: \(zone.identifier),"))
  }

  @Test func dumpShowsTheFieldsAtTheTopLevel() {
    var dumped = ""
    dump(fixedWorld(), to: &dumped)
    // The world's own children are the lines indented by two spaces.
    let children = dumped.split(separator: "\n")
      .filter { $0.hasPrefix("  - ") || $0.hasPrefix("  ▿ ") }
      .map { $0.dropFirst(4).prefix { $0 != ":" } }
    #expect(
      children == [
        "context", "date", "clock", "uuid", "calendar", "locale", "timeZone", "notifications",
        "pokemonsAPI", "catFactAPI", "app-defined dependencies set",
      ])
    #expect(dumped.contains("  - date: (Function)"))
    #expect(dumped.contains("  - context: CurrentWorld.World.Context.test"))
  }

  /// Writing a key again replaces its value: the world holds one value per
  /// key, and lets the old one go.
  @Test func aKeySetTwiceHoldsOneValue() {
    var world = fixedWorld()
    world.retryCount = 1
    world.retryCount = 2
    world.greeter = Greeter(greet: { $0 })
    world.retryCount = 3
    #expect(world.retryCount == 3)
    #expect(world.description.hasSuffix("app-defined dependencies: 2 set)"))
  }
}
