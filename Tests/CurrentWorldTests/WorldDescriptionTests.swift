import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld

/// `print(Current)` and `dump(Current)` show the world's fields, closures as
/// their types, rather than its private storage.
@Suite struct WorldDescriptionTests {
  /// How the built-in fields of `fixedWorld()` print. A field that is not
  /// here, such as one just added to the table (BuiltInFields.swift), must
  /// print its type's name, as a field's value does unless
  /// `World.summary(of:)` names it.
  static let shown: [String: String] = [
    "context": "test", "date": "() -> Date", "clock": "UnimplementedClock",
    "uuid": "() -> UUID", "calendar": "gregorian", "locale": "en_US_POSIX",
    // The platform names its UTC zone itself ("GMT" with this ICU).
    "timeZone": TimeZone(identifier: "UTC")!.identifier, "notifications": "NotificationHub",
    "preferredLocales": "en_US",
  ]

  @Test func printShowsTheFields() {
    var world = fixedWorld()
    world.retryCount = 7
    let values = Dictionary(
      uniqueKeysWithValues: Mirror(reflecting: world.storage.fields).children.compactMap { child in
        child.label.map { ($0, child.value) }
      })
    let fields = WorldStorage.Field.all.map { field in
      let typeName = values[field.name].map { String(describing: type(of: $0)) } ?? "?"
      let shown =
        Self.shown[field.name] ?? typeName.replacingOccurrences(of: "@Sendable ", with: "")
      return "\(field.name): \(shown), "
    }
    #expect(
      String(describing: world)
        == "World(\(fields.joined())app-defined dependencies: 1 set)")
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
    #expect(children == WorldStorage.Field.all.map { $0.name[...] } + ["app-defined dependencies"])
    #expect(dumped.contains("  - date: \"() -> Date\""))
    #expect(dumped.contains("  - context: \"test\""))
  }

  /// Promise: `print` and `dump` show each field as `print` summarizes it,
  /// never the value's contents: `dump` does not descend into a field, so
  /// whatever a field's value holds (a token in a closure's context, a
  /// hub's observers) stays out of logs.
  @Test func dumpShowsNoFieldsContents() {
    var world = fixedWorld()
    world.greeter = Greeter(greet: { "secret-\($0)" })
    var dumped = ""
    dump(world, to: &dumped)
    let lines = dumped.split(separator: "\n")
    #expect(lines.allSatisfy { !$0.hasPrefix("    ") }, "dump descends into a field:\n\(dumped)")
    #expect(!dumped.contains("Greeter"))
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
