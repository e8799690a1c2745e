import CurrentWorld
import Foundation
import TestHelpers
import Testing

/// `Current.calendar` computes in `Current.timeZone` and `Current.locale`,
/// whichever of the three was written last, and agrees with the formatters
/// and format styles.
@Suite struct TimeAndPlaceTests {
  static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
  static let buenosAires = TimeZone(identifier: "America/Argentina/Buenos_Aires")!
  static let instant = Date(timeIntervalSince1970: 1_700_000_000)

  /// The hour of `instant` that the platform's own formatter shows in
  /// `timeZone`.
  static func formattedHour(in timeZone: TimeZone) -> Int {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "H"
    return Int(formatter.string(from: instant))!
  }

  @Test func writingTheTimeZoneMovesTheCalendar() {
    withWorld(fixedWorld()) {
      Current.timeZone = Self.tokyo
      #expect(Current.calendar.timeZone == Self.tokyo)
      #expect(
        Current.calendar.component(.hour, from: Self.instant) == Self.formattedHour(in: Self.tokyo))
    }
  }

  @Test func writingTheLocaleMovesTheCalendar() {
    withWorld(fixedWorld()) {
      let french = Locale(identifier: "fr_FR")
      Current.locale = french
      var expected = Calendar(identifier: .gregorian)
      expected.locale = french
      #expect(Current.calendar.locale == french)
      // The week starts where the platform says it does in France.
      #expect(Current.calendar.firstWeekday == expected.firstWeekday)
    }
  }

  @Test func aCalendarWrittenLastTakesTheWorldsTimeZoneAndLocale() {
    withWorld(fixedWorld()) {
      Current.timeZone = Self.tokyo
      var buddhist = Calendar(identifier: .buddhist)
      buddhist.timeZone = Self.buenosAires
      Current.calendar = buddhist
      #expect(Current.calendar.identifier == .buddhist)
      #expect(Current.calendar.timeZone == Self.tokyo)
      #expect(Current.calendar.locale == Current.locale)
      #expect(
        Current.calendar.component(.hour, from: Self.instant) == Self.formattedHour(in: Self.tokyo))
    }
  }

  @Test func aWorldBuiltWithDisagreeingFieldsIsAligned() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = Self.buenosAires
    var world = fixedWorld()
    world.calendar = calendar
    world.timeZone = Self.tokyo
    #expect(world.calendar.timeZone == Self.tokyo)
  }

  /// Promise: the live world's calendar computes in its time zone and
  /// locale, though `World.live` skips the alignment to launch faster.
  @Test func theLiveWorldsCalendarAgreesWithItsTimeZoneAndLocale() {
    // By identifier: an autoupdating value never equals a fixed one.
    let world = World.live
    #expect(world.calendar.timeZone.identifier == world.timeZone.identifier)
    #expect(world.calendar.locale?.identifier == world.locale.identifier)
  }

  @Test func formatterStyleAndCalendarAgree() {
    withWorld(fixedWorld()) {
      Current.timeZone = Self.tokyo
      Current.locale = Locale(identifier: "ja_JP")
      let formatter = Current.dateFormatter(dateStyle: .none, timeStyle: .short)
      #expect(formatter.timeZone == Current.calendar.timeZone)
      #expect(formatter.locale == Current.calendar.locale)
      let style = Current.formatStyle(date: .omitted, time: .shortened)
      #expect(style.timeZone == Current.calendar.timeZone)
      #expect(style.locale == Current.calendar.locale)
      #expect(style.calendar.identifier == Current.calendar.identifier)
    }
  }
}
