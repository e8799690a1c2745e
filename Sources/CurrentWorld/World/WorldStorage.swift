import Foundation

/// The fields of one ``World``, behind a single immutable reference.
///
/// A `World` holds one `WorldStorage`, so reading a field of `Current` copies
/// one pointer rather than every field, and its fields are `let`s, so a read
/// needs no exclusivity check. A write builds a new storage (see
/// ``World/update(_:_:)``); a storage is never changed once made.
final class WorldStorage: Sendable {
  let fields: Fields
  /// The scope that stored this storage, or the storage it was written
  /// from, if a scope's write made it: a world read from here and then
  /// changed is merged back into that scope, field by field, rather than
  /// replacing it.
  let scope: ScopeToken?

  init(_ fields: consuming Fields, scope: ScopeToken? = nil) {
    self.fields = fields
    self.scope = scope
  }

  /// The values a world is made of: one stored property per built-in
  /// field. A new built-in field is declared here, given its bit in
  /// ``WorldStorage/Field`` and its line in ``merging(_:from:)``, its
  /// accessor in `World.swift` and its value in ``World/live``; `print` and
  /// `dump` follow from this declaration.
  struct Fields: Sendable {
    var context: World.Context
    var date: @Sendable () -> Date
    /// Boxed: at `-Onone`, how tests and debug apps run, reading any field
    /// copies the whole `Fields`, and copying an existential costs a call
    /// through its value witnesses on every read of `Current`.
    var clock: ClockBox
    var uuid: @Sendable () -> UUID
    var calendar: Calendar
    var locale: Locale
    var timeZone: TimeZone
    var notifications: NotificationHub
    var pokemonsAPI: PokemonsAPI
    var catFactAPI: CatFactAPI
    /// App-defined dependencies that were set, by key type.
    var dependencies: DependencyList? = nil

    /// Makes the calendar compute in the world's time zone and locale, the
    /// one rule that keeps the three from disagreeing. Writes to those
    /// three call it; no other write can break the rule, so others skip
    /// its cost.
    mutating func alignCalendar() {
      if calendar.timeZone != timeZone { calendar.timeZone = timeZone }
      if calendar.locale != locale { calendar.locale = locale }
    }
  }
}

/// The identity of one scope's world, held by the storages its writes made.
final class ScopeToken: Sendable {}

/// A clock behind one reference, so that copying ``WorldStorage/Fields``
/// retains it instead of copying an existential.
final class ClockBox: Sendable {
  let clock: any Clock<Duration>

  init(_ clock: any Clock<Duration>) {
    self.clock = clock
  }
}
