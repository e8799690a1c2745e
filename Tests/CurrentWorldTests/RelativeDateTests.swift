import CurrentWorld
import Foundation
import TestHelpers
import Testing

/// `Current.relativeFormatted` says "in 2 hours" or "yesterday" from the
/// world's date, in its locale, calendar and time zone. Expected text comes
/// from the platform's own formatters, never from a copied string.
@Suite struct RelativeDateTests {
  static let hour: TimeInterval = 3_600
  static let day: TimeInterval = 86_400

  /// The platform's text for `interval` from the machine's clock. For
  /// intervals under a day the time of day cannot change it, so it is an
  /// oracle that shares no code path with an anchor.
  static func fromNow(
    _ interval: TimeInterval, in world: World,
    presentation: Date.RelativeFormatStyle.Presentation = .named
  ) -> String {
    Date.RelativeFormatStyle(
      presentation: presentation, unitsStyle: .wide, locale: world.locale,
      calendar: world.calendar
    ).format(Date().addingTimeInterval(interval))
  }

  static func world(_ locale: String, zone: String = "UTC") -> World {
    var world = fixedWorld(date: Date(timeIntervalSinceReferenceDate: 0))
    world.locale = Locale(identifier: locale)
    world.timeZone = TimeZone(identifier: zone)!
    return world
  }

  /// Promise: hours and minutes ahead and behind, in the world's language.
  @Test(arguments: ["en_US", "es_AR", "ja_JP", "de_DE", "ar_EG"])
  func hoursAndMinutesInTheWorldsLocale(_ locale: String) {
    withWorld(Self.world(locale, zone: "America/Argentina/Buenos_Aires")) {
      let intervals: [TimeInterval] = [2 * Self.hour + 60, -(45 * 60 + 5), 5 * 60 + 1]
      for interval in intervals {
        #expect(
          Current.relativeFormatted(Current.date().addingTimeInterval(interval))
            == Self.fromNow(interval, in: Current), "\(locale), \(interval) s")
      }
    }
  }

  /// Promise: days are named by the world's calendar days, in its time zone:
  /// the text is the platform's anchored style, anchored at the date
  /// described and read from the world's date. Apple's systems have that
  /// style from iOS 18 and macOS 15 (below them the library falls back to
  /// the relative style), so the test runs there and on Linux.
  @available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)
  @Test(arguments: ["en_US", "es_AR", "ja_JP"])
  func daysFollowTheWorldsCalendar(_ locale: String) {
    withWorld(Self.world(locale, zone: "Asia/Tokyo")) {
      let now = Current.date()
      for interval in [3 * Self.day + Self.hour, -(Self.day + 60), Self.day] {
        let date = now.addingTimeInterval(interval)
        let platform = Date.AnchoredRelativeFormatStyle(
          anchor: date, presentation: .named, unitsStyle: .wide, locale: Current.locale,
          calendar: Current.calendar
        ).format(now)
        #expect(Current.relativeFormatted(date) == platform, "\(locale), \(interval) s")
      }
    }
  }

  /// Promise: the anchor is the world's date, not the machine's: a world in
  /// 2001 calls a date five hours later "in 5 hours", not decades ago.
  @Test func isAnchoredAtTheWorldsDate() {
    withWorld(Self.world("en_US")) {
      let later = Current.date().addingTimeInterval(5 * Self.hour + 60)
      let text = Current.relativeFormatted(later, presentation: .numeric)
      #expect(text == Self.fromNow(5 * Self.hour + 60, in: Current, presentation: .numeric))
      #expect(text != Self.fromNow(-(5 * Self.hour + 60), in: Current, presentation: .numeric))
    }
  }

  /// Promise: the world's locale decides the language.
  @Test func theLocaleDecides() {
    let texts = ["es_AR", "en_US"].map { locale in
      withWorld(Self.world(locale)) {
        Current.relativeFormatted(Current.date().addingTimeInterval(-2 * Self.hour - 60))
      }
    }
    #expect(texts[0] != texts[1], "\(texts)")
  }
}
