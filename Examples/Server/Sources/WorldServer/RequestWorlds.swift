import CurrentWorld
import Foundation
import HTTPTypes

/// The worlds that the middleware built for earlier requests, by their
/// headers, each with the server's world it was built from.
///
/// Building a request's world is most of what a world per request costs:
/// ICU makes its locale, time zone and calendar, and each write copies the
/// world's fields. While the server's world is unchanged
/// (`World.isIdentical(to:)`), a request with the same headers reuses the
/// world built for them, and builds nothing. Headers come from clients, so
/// at most ``capacity`` pairs are kept; a pair past that is built again on
/// every request.
// `@unchecked Sendable`: `built` is read and written under `lock` only.
final class RequestWorlds: @unchecked Sendable {
  /// The most header pairs kept.
  static let capacity = 512

  /// The `Time-Zone` header's name, made once: making a name checks and
  /// lowercases it.
  static let timeZoneHeader = HTTPField.Name("Time-Zone")!

  /// The headers of a request that decide its world.
  struct Headers: Hashable {
    let language: String?
    let zone: String?

    init(language: String?, zone: String?) {
      self.language = language
      self.zone = zone
    }

    /// The two headers from `fields`, read in one pass; fields that repeat
    /// a name are joined with commas, as HTTP joins them.
    init(_ fields: HTTPFields) {
      var language: String?
      var zone: String?
      for field in fields {
        if field.name == .acceptLanguage {
          language = language.map { "\($0), \(field.value)" } ?? field.value
        } else if field.name == RequestWorlds.timeZoneHeader {
          zone = zone.map { "\($0), \(field.value)" } ?? field.value
        }
      }
      self.init(language: language, zone: zone)
    }
  }

  /// A request's world, the server's world it was built from, and the
  /// `Content-Language` field that names the request's language as a BCP 47
  /// tag (made once: making a field checks its value). A class, so that a
  /// lookup hands out one reference rather than copying each part.
  final class Built: Sendable {
    let base: World
    let world: World
    let contentLanguage: HTTPField

    init(base: World, world: World, contentLanguage: HTTPField) {
      self.base = base
      self.world = world
      self.contentLanguage = contentLanguage
    }
  }

  private let negotiation: LanguageNegotiation
  private let lock = NSLock()
  private var built: [Headers: Built] = [:]

  init(negotiation: LanguageNegotiation) {
    self.negotiation = negotiation
  }

  /// The world for a request with `headers`, from the server's world
  /// `base`, or `nil` if its `Time-Zone` is not an IANA name.
  func world(for headers: Headers, from base: World) -> Built? {
    if let known = lock.withLock({ built[headers] }), known.base.isIdentical(to: base) {
      return known
    }
    guard let made = build(headers, from: base) else { return nil }
    let replaced = lock.withLock { () -> Built? in
      guard built.count < Self.capacity || built[headers] != nil else { return nil }
      return built.updateValue(made, forKey: headers)
    }
    // Released after the lock is open: a world's last release may run a
    // `deinit` that reads `Current` or reaches this middleware again.
    withExtendedLifetime(replaced) {}
    return made
  }

  /// How many header pairs are kept.
  var count: Int { lock.withLock { built.count } }

  private func build(_ headers: Headers, from base: World) -> Built? {
    var world = base
    let language = headers.language.flatMap(negotiation.match)
    var zone = world.timeZone
    if let name = headers.zone {
      guard let named = TimeZone(iana: name) else { return nil }
      zone = named
    }
    if language != nil || zone != world.timeZone {
      let locale = language ?? world.locale
      // The calendar first, already in the new locale and zone, so that
      // the two writes after it find nothing to realign.
      var calendar = world.calendar
      calendar.locale = locale
      calendar.timeZone = zone
      world.calendar = calendar
      world.locale = locale
      world.timeZone = zone
    }
    return Built(
      base: base, world: world,
      contentLanguage: HTTPField(name: .contentLanguage, value: world.locale.languageTag))
  }
}
