#if Vapor
  import CurrentWorldVapor
  import Foundation
  import TestHelpers
  import Vapor
  import VaporTesting

  /// The date every test's world starts from here: 2026-01-15 14:30 UTC.
  let serverDate = Date(timeIntervalSince1970: 1_768_487_400)

  /// Headers that ask for `language` and `zone`.
  func headers(language: String? = nil, zone: String? = nil) -> HTTPHeaders {
    var fields = HTTPHeaders()
    if let language { fields.add(name: .acceptLanguage, value: language) }
    if let zone { fields.add(name: "Time-Zone", value: zone) }
    return fields
  }

  /// What a route that reads the world answers: the date in full, the
  /// locale and the zone.
  struct Seen: Content, Equatable {
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

  /// The locale that code outside every task sees: the process's world,
  /// which is what a NIO thread reads when the request's world did not
  /// reach it.
  func processLocale() async -> String {
    await Task.detached { Current.locale.identifier }.value
  }
#endif
