#if Hummingbird
  import CurrentWorldHummingbird
  import Foundation
  import TestHelpers
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting

  /// The date every test's world starts from here: 2026-01-15 14:30 UTC.
  let serverDate = Date(timeIntervalSince1970: 1_768_487_400)

  /// Headers that ask for `language` and `zone`.
  func headers(language: String? = nil, zone: String? = nil) -> HTTPFields {
    var fields = HTTPFields()
    if let language { fields[.acceptLanguage] = language }
    if let zone { fields[WorldMiddleware<BasicRequestContext>.timeZoneHeader] = zone }
    return fields
  }

  /// What a route that reads the world answers: the date in full, the
  /// locale's tag and the zone.
  struct Seen: Codable, Equatable, Sendable, ResponseEncodable {
    var text: String
    var locale: String
    var timeZone: String

    /// What `Current` holds where it is made.
    static var current: Seen {
      Seen(
        text: Current.dateFormatter(dateStyle: .full, timeStyle: .full).string(
          from: Current.date()),
        locale: Current.locale.identifier, timeZone: Current.timeZone.identifier)
    }

    /// What a request in `locale` and `zone` must see at `date`.
    static func expected(_ date: Date, locale: String, zone: String) -> Seen {
      Seen(text: platformFullText(date, locale: locale, zone: zone), locale: locale, timeZone: zone)
    }
  }

  /// A router with the world middleware (or none) and `GET /seen`.
  func router(_ middleware: WorldMiddleware<BasicRequestContext>?) -> Router<BasicRequestContext> {
    let router = Router()
    if let middleware { router.add(middleware: middleware) }
    router.get("seen") { _, _ in Seen.current }
    return router
  }

  func decodeSeen(_ response: TestResponse) throws -> Seen {
    try JSONDecoder().decode(Seen.self, from: Data(String(buffer: response.body).utf8))
  }
#endif
