import CurrentWorld
import Foundation

/// What earlier requests' headers resolved to, so that a request with the
/// same `Accept-Language` or `Time-Zone` reuses the same `Locale`,
/// `TimeZone` and aligned `Calendar` rather than building them again.
///
/// Building them is most of what a world per request costs: ICU makes each
/// one, and a calendar moved to a new locale and zone is rebuilt. Reused
/// instances also compare and hash quickly in the date formatter cache.
/// The whole world is kept too, with the server's world it was built
/// from: while that world is unchanged (`World.isIdentical(to:)`), a
/// request with the same headers reuses it, and builds nothing.
/// Headers come from clients, so each table keeps at most ``capacity``
/// entries; a header past that is resolved again on every request.
// `@unchecked Sendable`: every `var` is read and written under `lock` only.
final class RequestPlaces: @unchecked Sendable {
  /// The most entries each table keeps.
  static let capacity = 512

  /// A negotiated locale and its BCP 47 tag.
  struct Language {
    let locale: Locale
    let tag: String
  }

  /// A calendar system moved to a locale and a zone.
  struct CalendarKey: Hashable {
    let identifier: Calendar.Identifier
    let firstWeekday: Int
    let minimumDaysInFirstWeek: Int
    let locale: String
    let zone: String
  }

  /// The headers of a request that decide its world.
  struct Headers: Hashable {
    let language: String?
    let zone: String?
  }

  /// A request's world, and the server's world it was built from.
  struct Built {
    let base: World
    let world: World
    let tag: String
  }

  private let lock = NSLock()
  private var worlds: [Headers: Built] = [:]
  /// By header; `nil` where the header gives the server's locale.
  private var languages: [String: Language?] = [:]
  private var zones: [String: TimeZone] = [:]
  private var calendars: [CalendarKey: Calendar] = [:]
  private let negotiation: LanguageNegotiation

  init(negotiation: LanguageNegotiation) {
    self.negotiation = negotiation
  }

  /// The world built for `headers` from `base`, if `base` is still the
  /// world it was built from.
  func world(for headers: Headers, from base: World) -> Built? {
    guard let built = lock.withLock({ worlds[headers] }), built.base.isIdentical(to: base)
    else { return nil }
    return built
  }

  /// Keeps `built` for later requests with `headers`.
  func remember(_ built: Built, for headers: Headers) {
    lock.withLock {
      if worlds.count < Self.capacity || worlds[headers] != nil { worlds[headers] = built }
    }
  }

  /// The language that `header` negotiates, or `nil` for the server's.
  func language(for header: String) -> Language? {
    if let known = lock.withLock({ languages[header] }) { return known }
    let language = negotiation.match(header).map {
      Language(locale: $0, tag: $0.languageTag)
    }
    remember(header, language, in: \.languages)
    return language
  }

  /// The zone that the IANA identifier `name` names, or `nil`.
  func zone(named name: String) -> TimeZone? {
    if let known = lock.withLock({ zones[name] }) { return known }
    guard let zone = Self.ianaZone(name) else { return nil }
    remember(name, zone, in: \.zones)
    return zone
  }

  /// `base`'s calendar system, computing in `locale` and `zone`.
  func calendar(_ base: Calendar, locale: Locale, zone: TimeZone) -> Calendar {
    let key = CalendarKey(
      identifier: base.identifier, firstWeekday: base.firstWeekday,
      minimumDaysInFirstWeek: base.minimumDaysInFirstWeek, locale: locale.identifier,
      zone: zone.identifier)
    if let known = lock.withLock({ calendars[key] }) { return known }
    var calendar = base
    calendar.locale = locale
    calendar.timeZone = zone
    remember(key, calendar, in: \.calendars)
    return calendar
  }

  private func remember<Key: Hashable, Value>(
    _ key: Key, _ value: Value, in table: ReferenceWritableKeyPath<RequestPlaces, [Key: Value]>
  ) {
    lock.withLock {
      if self[keyPath: table].count < Self.capacity { self[keyPath: table][key] = value }
    }
  }

  /// The zone that IANA's `identifier` names, or `nil`. Foundation also
  /// takes offsets such as `GMT+3`, which it renames (`GMT+0300`) and which
  /// are not IANA names; it renames IANA's `UTC` too, to `GMT`, on Linux.
  static func ianaZone(_ identifier: String) -> TimeZone? {
    guard let zone = TimeZone(identifier: identifier),
      zone.identifier == identifier || identifier == "UTC"
    else { return nil }
    return zone
  }
}
