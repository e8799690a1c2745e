import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld

/// Promise: a world read earlier and changed keeps, for every built-in
/// field, both its own write and a write to another field made since. Each
/// field is merged by its entry in `WorldStorage.Field.all`; a stored field
/// without its entry, or an entry that copies the wrong field, fails here.
@Suite(.timeLimit(.minutes(2))) struct FieldMergeTests {
  /// One write per built-in field, and a check that it arrived.
  static let hub = NotificationHub.recording()
  static let marked = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000000")!
  static let writes:
    [(
      name: String, write: @Sendable (inout World) -> Void, landed: @Sendable (World) async -> Bool
    )] = [
      ("context", { $0.context = .preview }, { $0.context == .preview }),
      ("date", { $0.date = { .distantFuture } }, { $0.date() == .distantFuture }),
      ("clock", { $0.clock = SuspendingClock() }, { $0.clock is SuspendingClock }),
      ("uuid", { $0.uuid = { Self.marked } }, { $0.uuid() == Self.marked }),
      (
        "calendar", { $0.calendar = Calendar(identifier: .japanese) },
        { $0.calendar.identifier == .japanese }
      ),
      ("locale", { $0.locale = Locale(identifier: "ja_JP") }, { $0.locale.identifier == "ja_JP" }),
      (
        "timeZone", { $0.timeZone = TimeZone(identifier: "Asia/Tokyo")! },
        { $0.timeZone.identifier == "Asia/Tokyo" }
      ),
      (
        "notifications", { $0.notifications = hub },
        { $0.notifications === hub }
      ),
    ]

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

  @Test func everyFieldHasAWriteHere() {
    let written = Set(Self.writes.map(\.name))
    for name in Self.stored where !written.contains(name) {
      Issue.record(
        "FieldMergeTests.writes has no write of \(name): add one (a write and a check that it landed)"
      )
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
  func aFieldWrittenOnAnEarlyReadKeepsALaterWrite(_ index: Int) async {
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
