import CurrentWorld
import CurrentWorldServer
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// The rule: a request computes in its negotiated locale's own calendar, as
/// the platform's `DateFormatter` does for that locale, unless the server
/// set its calendar on purpose, or asked for `.server`.
@Suite(.world, .timeLimit(.minutes(10))) struct RequestCalendarTests {
  static let languages = LanguageNegotiation(identifiers: [
    "en_US", "th_TH", "fa_IR", "ar_SA", "ja_JP",
  ])
  static let moment = Date(timeIntervalSince1970: 1_790_000_000)

  /// What the platform writes for `locale` and `zone`, in the calendar
  /// that its own formatter picks for the locale.
  static func platform(_ locale: String, _ zone: String) -> String {
    platformFormatter(
      locale: locale, timeZone: TimeZone(identifier: zone)!, calendar: nil, timeStyle: .short
    ).string(from: moment)
  }

  static func request(_ language: String, calendar: RequestCalendar = .followsLocale) throws
    -> World
  {
    try RequestWorlds(languages: languages, calendar: calendar)
      .world(acceptLanguage: language, timeZone: "Asia/Tehran", from: Current).world
  }

  @Test(arguments: ["th-TH", "fa-IR", "ar-SA", "ja-JP", "en-US"])
  func aRequestWritesDatesAsThePlatformDoesForItsLocale(_ language: String) throws {
    // A server that set no calendar computes in its locale's own.
    Current.locale = Locale(identifier: "en_US")
    let world = try Self.request(language)
    let identifier = language.replacingOccurrences(of: "-", with: "_")
    #expect(world.calendar.identifier == Locale(identifier: identifier).calendar.identifier)
    let text = world.dateFormatter(dateStyle: .full, timeStyle: .short).string(from: Self.moment)
    #expect(text == Self.platform(identifier, "Asia/Tehran"))
  }

  @Test func thePlatformsCalendarsDifferForTheseLocales() {
    // Otherwise the test above could not tell the rule from its absence.
    #expect(Locale(identifier: "th_TH").calendar.identifier == .buddhist)
    #expect(Locale(identifier: "fa_IR").calendar.identifier == .persian)
  }

  /// Promise: a server calendar set on purpose is kept, also when it is
  /// its own locale's, computing in the request's locale and zone.
  @Test(arguments: [Calendar.Identifier.japanese, .gregorian])
  func aCalendarTheServerSetOnPurposeIsKept(_ system: Calendar.Identifier) throws {
    Current.locale = Locale(identifier: "en_US")
    Current.calendar = Calendar(identifier: system)
    let world = try Self.request("th-TH")
    #expect(world.calendar.identifier == system)
    #expect(world.calendar.locale?.identifier == "th_TH")
    #expect(world.calendar.timeZone.identifier == "Asia/Tehran")
  }

  /// Promise: `.server` keeps the server's calendar system even where the
  /// server set none, which `.followsLocale` would replace.
  @Test func theServerRuleKeepsTheServersCalendarForEveryLocale() throws {
    Current.locale = Locale(identifier: "en_US")
    let world = try Self.request("th-TH", calendar: .server)
    #expect(world.calendar.identifier == .gregorian)
    #expect(world.calendar.locale?.identifier == "th_TH")
  }
}
