import CurrentWorld
import CurrentWorldSupport
import Foundation

/// Makes each request's world from the server's world and two of the
/// request's headers: its locale from `Accept-Language`, its time zone from
/// a header that names an IANA zone (`Time-Zone` by default).
///
/// The world middleware of `CurrentWorldHummingbird` and `CurrentWorldVapor`
/// holds one; another framework's middleware can hold one too, and run the
/// rest of the request in ``RequestWorld/world`` with `withWorld`.
///
/// Making a world costs more than the rest of a small request: ICU makes a
/// locale, a time zone and a calendar. So the worlds made for recent header
/// values are kept, while the server's world stays the same
/// (`World.isIdentical(to:)`). Header values come from clients, so at most
/// ``capacity`` are kept, and when that many are kept the next new one
/// empties the cache: a client that sends a new value on every request
/// costs every other client one more world per ``capacity`` of its
/// requests, never a world on every request.
public final class RequestWorlds: Sendable {
  /// The most header values kept.
  public static let capacity = 512

  /// The header that names a request's time zone.
  public let timeZoneHeader: String
  /// ``timeZoneHeader`` in lower case, as ``world(fields:from:)`` compares
  /// names.
  @usableFromInline let timeZoneName: String

  private let languages: LanguageNegotiation
  private let calendar: RequestCalendar
  private let made = Locked<[Headers: Made]>([:])

  /// Requests negotiate their locale among `languages`, read their time
  /// zone from `timeZoneHeader`, and take their calendar by `calendar`.
  public init(
    languages: LanguageNegotiation = LanguageNegotiation(),
    timeZoneHeader: String = "Time-Zone",
    calendar: RequestCalendar = .followsLocale
  ) {
    self.languages = languages
    self.timeZoneHeader = timeZoneHeader
    timeZoneName = timeZoneHeader.lowercased()
    self.calendar = calendar
  }

  /// The world for a request whose `Accept-Language` is `acceptLanguage`
  /// and whose time-zone header is `timeZone` (each `nil` when the request
  /// has none; a header that repeats is joined with commas, as HTTP joins
  /// it), made from `server`.
  ///
  /// A malformed `Accept-Language`, or one that names no supported
  /// language, gives the server's locale, as HTTP allows. The world's
  /// `preferredLocales` are the supported languages that the header names,
  /// most preferred first with the negotiated locale leading, or the
  /// server's where it names none. A time-zone header that is not an IANA
  /// identifier is the client's mistake, and throws.
  public func world(
    acceptLanguage: String?, timeZone: String?, from server: World
  ) throws(InvalidTimeZoneHeader) -> RequestWorld {
    let headers = Headers(language: acceptLanguage, zone: timeZone)
    if let known = made.withLock({ $0[headers] }), known.server.isIdentical(to: server) {
      return known.request
    }
    let request = try make(headers, from: server)
    let replaced = made.withLock { made -> (all: [Headers: Made]?, one: Made?) in
      var all: [Headers: Made]?
      if made.count >= Self.capacity && made[headers] == nil {
        all = made
        made = [:]
      }
      return (all, made.updateValue(Made(server: server, request: request), forKey: headers))
    }
    // Released after the lock is open: a world's last release may run a
    // `deinit` that reads `Current` or comes back here.
    withExtendedLifetime(replaced) {}
    return request
  }

  /// How many header values are kept.
  var count: Int { made.withLock { $0.count } }

  private func make(_ headers: Headers, from server: World) throws(InvalidTimeZoneHeader)
    -> RequestWorld
  {
    var world = server
    if let name = headers.zone {
      guard let zone = TimeZone(iana: name) else {
        throw InvalidTimeZoneHeader(header: timeZoneHeader, value: name)
      }
      if zone != world.timeZone { world.timeZone = zone }
    }
    let (negotiated, preferred) = headers.language.map(languages.negotiate) ?? (nil, [])
    // The request's languages, most preferred first, the negotiated one
    // leading; without a supported one, the server's.
    if !preferred.isEmpty {
      let first = negotiated ?? world.locale
      world.preferredLocales = [first] + preferred.filter { $0.identifier != first.identifier }
    }
    if let locale = negotiated {
      // CurrentWorld's one rule: the locale brings its own calendar unless
      // the server set one on purpose. `.server` keeps the server's system
      // by setting it on purpose for this request.
      if calendar == .server { world.calendar = server.calendar }
      world.locale = locale
    }
    return RequestWorld(world: world, contentLanguage: world.locale.languageTag)
  }

  /// The two header values that decide a request's world.
  private struct Headers: Hashable, Sendable {
    let language: String?
    let zone: String?
  }

  /// A request's world and the server's world it was made from; a class,
  /// so that a lookup copies one reference out of the lock, not both worlds.
  private final class Made: Sendable {
    let server: World
    let request: RequestWorld

    init(server: World, request: RequestWorld) {
      self.server = server
      self.request = request
    }
  }
}

/// A request's world, and the `Content-Language` that names its locale.
public struct RequestWorld: Sendable {
  /// The world to run the request in.
  public var world: World

  /// The request's locale as a BCP 47 tag (`es-AR`), for the response's
  /// `Content-Language`.
  public var contentLanguage: String

  /// A request's world and the language that its response names.
  public init(world: World, contentLanguage: String) {
    self.world = world
    self.contentLanguage = contentLanguage
  }
}

/// Which calendar a request computes in.
public enum RequestCalendar: Sendable, Equatable {
  /// The negotiated locale's own calendar, as `Locale.calendar` and
  /// `DateFormatter` choose it (Buddhist for `th-TH`, Persian for `fa-IR`),
  /// unless the server set its calendar on purpose: the rule of every
  /// world's `World.locale`, where a calendar written on purpose is kept.
  case followsLocale
  /// The server's calendar system for every request, computing in the
  /// request's locale and time zone.
  case server
}

/// A request named a time zone that is not an IANA identifier: the
/// client's mistake, which a server answers with `400 Bad Request`.
public struct InvalidTimeZoneHeader: Error, Sendable, Equatable, CustomStringConvertible {
  /// The header's name, `Time-Zone` by default.
  public let header: String
  /// What the request sent.
  public let value: String

  /// Names the header, the value (its first 64 characters) and what is
  /// expected instead.
  public var description: String {
    let shown = value.count > 64 ? value.prefix(64) + "…" : value[...]
    return "\(header): \(shown) is not an IANA time zone identifier, such as Europe/Madrid."
  }
}

extension Locale {
  /// The locale as a BCP 47 language tag, as `Content-Language` names it:
  /// its language, script, region and variants (`es-AR`, `zh-Hant-TW`),
  /// without the locale's extensions, so `en_US_POSIX` is `en-US`, not
  /// `en-US-u-va-posix`.
  ///
  /// Made from the identifier: on Linux the autoupdating locale answers its
  /// identifier (`en_001`) unconverted.
  public var languageTag: String {
    let tag = Locale(identifier: identifier).identifier(.bcp47)
    // An extension or private use begins with a subtag of one letter.
    let language = tag.split(separator: "-").prefix { $0.count > 1 }.map(String.init)
    return language.isEmpty ? tag : language.joined(separator: "-")
  }
}
