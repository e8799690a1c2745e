import Foundation

extension World: CustomStringConvertible, CustomReflectable {
  /// The world's fields on one line, closures as their types:
  /// `World(context: test, date: () -> Date, locale: en_US_POSIX, …)`.
  public var description: String {
    let fields = storage.fields
    let keys = fields.dependencies.map { "\($0.count) set" } ?? "none set"
    return """
      World(context: \(fields.context), date: () -> Date, clock: \(type(of: fields.clock.clock)), \
      uuid: () -> UUID, calendar: \(fields.calendar.identifier), \
      locale: \(fields.locale.identifier), timeZone: \(fields.timeZone.identifier), \
      notifications: NotificationHub, pokemonsAPI: PokemonsAPI, catFactAPI: CatFactAPI, \
      app-defined dependencies: \(keys))
      """
  }

  /// The world's fields, for `dump` and the debugger, in place of its
  /// private storage.
  public var customMirror: Mirror {
    let fields = storage.fields
    return Mirror(
      self,
      children: [
        "context": fields.context,
        "date": fields.date,
        "clock": fields.clock.clock,
        "uuid": fields.uuid,
        "calendar": fields.calendar,
        "locale": fields.locale,
        "timeZone": fields.timeZone,
        "notifications": fields.notifications,
        "pokemonsAPI": fields.pokemonsAPI,
        "catFactAPI": fields.catFactAPI,
        "app-defined dependencies set": fields.dependencies?.count ?? 0,
      ],
      displayStyle: .struct)
  }
}
