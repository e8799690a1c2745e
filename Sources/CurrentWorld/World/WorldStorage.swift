import Foundation

/// The fields of one ``World``, behind a single immutable reference.
///
/// A `World` holds one `WorldStorage`, so reading a field of `Current` copies
/// one pointer rather than every field, and its fields are `let`s, so a read
/// needs no exclusivity check. A write builds a new storage (see
/// ``World/update(_:)``); a storage is never changed once made.
final class WorldStorage: Sendable {
  let fields: Fields

  init(_ fields: Fields) {
    self.fields = fields
  }

  /// The values a world is made of.
  struct Fields: Sendable {
    let context: World.Context
    var calendar: Calendar
    var date: @Sendable () -> Date
    var locale: Locale
    var timeZone: TimeZone
    var notifications: NotificationHub
    var pokemonsAPI: PokemonsAPI
    var catFactAPI: CatFactAPI
    /// App-defined dependencies that were set, by key type.
    var dependencies: [ObjectIdentifier: any DependencyBox]
  }
}
