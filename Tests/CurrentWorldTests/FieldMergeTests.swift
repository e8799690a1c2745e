import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld

/// Promise: a world read earlier and changed keeps, for every built-in
/// field, both its own write and a write to another field made since. Each
/// field is merged by its entry in `WorldStorage.Field.all`; a stored field
/// without its entry, or an entry that copies the wrong field, fails here.
/// The fields are read from the table, so a new field is checked without a
/// line here, unless its value is a closure, which nothing can compare: such
/// a field needs a write in `writes`.
@Suite(.timeLimit(.minutes(10))) struct FieldMergeTests {
  /// Writes whose landing is checked by hand: the closures, which the
  /// derived check cannot compare, and a few of the rest.
  static let hub = NotificationHub.recording()
  static let marked = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000000")!
  static let writes:
    [(
      name: String, write: @Sendable (inout World) -> Void, landed: @Sendable (World) async -> Bool
    )] = [
      ("date", { $0.date = { .distantFuture } }, { $0.date() == .distantFuture }),
      ("uuid", { $0.uuid = { Self.marked } }, { $0.uuid() == Self.marked }),
      ("clock", { $0.clock = SuspendingClock() }, { $0.clock is SuspendingClock }),
      (
        "timeZone", { $0.timeZone = TimeZone(identifier: "Asia/Tokyo")! },
        { $0.timeZone.identifier == "Asia/Tokyo" }
      ),
      (
        "notifications", { $0.notifications = hub },
        { $0.notifications === hub }
      ),
      (
        "random", { $0.random = .seeded(7) },
        { world in
          var random = world.random
          var seven = RandomSource.seeded(7)
          return random.next() == seven.next()
        }
      ),
    ]

  /// What identifies a field's value, for comparing two worlds' fields: an
  /// object's identity, an identifier, a hashable value; `nil` for a
  /// closure. A calendar is its system, and whether it was set on
  /// purpose: its zone and locale follow the world's.
  static func identity(_ value: Any) -> AnyHashable? {
    switch value {
    case let chosen as ChosenCalendar: "\(chosen.value.identifier) \(chosen.setOnPurpose)"
    case let locale as Locale: locale.identifier
    case let zone as TimeZone: zone.identifier
    case let object as AnyObject where type(of: value) is AnyClass: ObjectIdentifier(object)
    case let hashable as AnyHashable: hashable
    default: nil
    }
  }

  /// Each built-in field's identity in `world`, by name.
  static func identities(_ world: World) -> [String: AnyHashable?] {
    Dictionary(
      uniqueKeysWithValues: Mirror(reflecting: world.storage.fields).children.compactMap {
        child in child.label.map { ($0, identity(child.value)) }
      })
  }

  /// A world where every field differs from `donor`'s: the test world,
  /// moved to Tokyo and its calendar.
  static var base: World {
    var world = fixedWorld()
    world.calendar = Calendar(identifier: .japanese)
    world.locale = Locale(identifier: "ja_JP")
    world.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    world.environment = ["WORLD": "base"]
    return world
  }

  /// The live world in the preview context: each field's value differs from
  /// `base`'s.
  static var donor: World {
    var world = World.live
    world.context = .preview
    return world
  }

  /// The fields stored in `WorldStorage.Fields`, the table's first part.
  static let stored = Mirror(reflecting: World.live.storage.fields).children.compactMap(\.label)
    .filter { $0 != "dependencies" }

  @Test func everyStoredFieldIsInTheTableInOrder() {
    let listed = WorldStorage.Field.all.map(\.name)
    for name in Self.stored where !listed.contains(name) {
      Issue.record(
        "\(name) is stored but not listed: add .\(name) to WorldStorage.Field.all in BuiltInFields.swift"
      )
    }
    #expect(listed == Self.stored, "Field.all lists the fields in the order they are stored")
  }

  @Test func everyFieldsBitIsItsPlace() {
    for (place, field) in WorldStorage.Field.all.enumerated()
    where field.bit.rawValue != 1 << place {
      Issue.record(
        "\(field.name)'s bit is \(field.bit.rawValue), not 1 << \(place): fix FieldSet.\(field.name) in World/Fields/"
      )
    }
  }

  @Test func everyFieldIsCheckedHere() {
    let written = Set(Self.writes.map(\.name))
    let base = Self.identities(Self.base)
    for name in Self.stored where base[name] == .some(nil) && !written.contains(name) {
      Issue.record(
        "\(name) holds a closure, which the derived check cannot compare: add a write of it to FieldMergeTests.writes"
      )
    }
  }

  /// Every field, from the table: written on an early read by its own
  /// entry (as a setter writes it), then stored over a later write of an
  /// app's key. The field arrives, no other field changes, and the key's
  /// write survives.
  @Test(arguments: WorldStorage.Field.all.map(\.name))
  func everyFieldWrittenOnAnEarlyReadKeepsALaterWrite(_ name: String) throws {
    let field = try #require(WorldStorage.Field.all.first { $0.name == name })
    let donorWorld = Self.donor
    let donor = Self.identities(donorWorld)
    withWorld(Self.base) {
      let before = Self.identities(Current)
      var early = Current
      Current.retryCount = 7
      early.write(field, from: donorWorld)
      Current = early
      let after = Self.identities(Current)
      for (other, identity) in before where other != name {
        #expect(after[other] == identity, "writing \(name) changed \(other)")
      }
      if let expected = donor[name], let expected {
        #expect(before[name] != expected, "the donor's \(name) is the base's: the check is blind")
        #expect(after[name] == expected, "\(name) did not arrive")
      }
      #expect(Current.retryCount == 7, "\(name)")
      #expect(Current.calendar.timeZone == Current.timeZone, "\(name)")
      #expect(Current.calendar.locale == Current.locale, "\(name)")
    }
  }

  /// `World.test`, in CurrentWorldTesting, sets every built-in field, so no
  /// live value is left in a test's world by a field that was added later.
  @Test func theTestWorldSetsEveryBuiltInField() {
    let written = World.test.edits?.fields.rawValue ?? 0
    let unset = WorldStorage.Field.all.filter { written & $0.bit.rawValue == 0 }.map(\.name)
    #expect(
      unset == [],
      """
      World.test leaves these fields at their live value: give each a deterministic value in \
      World.fixed(at:) (World/World+Fixed.swift), or in World.test \
      (CurrentWorldTesting/World+Test.swift) if only tests need it
      """)
  }

  @Test(arguments: 0..<writes.count)
  func aWriteOnAnEarlyReadKeepsALaterWrite(_ index: Int) async {
    let (name, write, landed) = Self.writes[index]
    await withWorld(fixedWorld()) {
      var early = Current
      Current.retryCount = 7
      write(&early)
      Current = early
      #expect(await landed(Current), "\(name)")
      #expect(Current.retryCount == 7, "\(name)")
      #expect(Current.calendar.timeZone == Current.timeZone, "\(name)")
    }
  }

  @Test func anAppKeyWrittenOnAnEarlyReadKeepsALaterFieldWrite() {
    withWorld(fixedWorld()) {
      var early = Current
      Current.locale = Locale(identifier: "ja_JP")
      early.retryCount = 3
      Current = early
      #expect(Current.retryCount == 3)
      #expect(Current.locale.identifier == "ja_JP")
    }
  }
}

extension World {
  /// Writes `field` from `other`, as the field's setter writes it: through
  /// its entry, with the calendar kept in step.
  fileprivate mutating func write(_ field: WorldStorage.Field, from other: World) {
    update(field.bit) {
      field.copy(&$0, other.storage.fields)
      $0.alignCalendar()
    }
  }
}
