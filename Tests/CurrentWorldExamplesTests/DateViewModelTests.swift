import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// The seed's date tests, with expected strings from this platform's own
/// formatter rather than copied from the article (ICU versions differ).
@Suite(.world) @MainActor struct DateViewModelTests {
  static func platformString(
    _ date: Date, locale: String, timeZone: TimeZone,
    _ dateStyle: DateFormatter.Style = .full, _ timeStyle: DateFormatter.Style = .full
  ) -> String {
    platformFormatter(
      locale: locale, timeZone: timeZone, dateStyle: dateStyle, timeStyle: timeStyle
    ).string(from: date)
  }

  @Test func argentinaAtDistantFuture() {
    let gmtMinus3 = TimeZone(secondsFromGMT: -3 * 3600)!
    Current.date = { .distantFuture }
    Current.locale = Locale(identifier: "es-AR")
    Current.timeZone = gmtMinus3

    let text = DateViewModel().currentFormattedDate(dateStyle: .full, timeStyle: .full)

    #expect(text == Self.platformString(.distantFuture, locale: "es-AR", timeZone: gmtMinus3))
    // The instant is 9 p.m. on the last day of 4000 in GMT-3, however ICU writes it.
    #expect(text.contains("4000"))
    #expect(text.contains("31"))
  }

  @Test func britainAtDistantFuture() {
    let utc = TimeZone(identifier: "UTC")!
    Current.date = { .distantFuture }
    Current.locale = Locale(identifier: "en-GB")
    Current.timeZone = utc

    let text = DateViewModel().currentFormattedDate(dateStyle: .full, timeStyle: .full)

    #expect(text == Self.platformString(.distantFuture, locale: "en-GB", timeZone: utc))
    #expect(text.contains("4001"))
  }

  @Test(arguments: [
    (DateFormatter.Style.long, DateFormatter.Style.short), (.medium, .none), (.none, .medium),
  ])
  func otherStylesFollowTheWorld(_ dateStyle: DateFormatter.Style, _ timeStyle: DateFormatter.Style)
  {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    Current.locale = Locale(identifier: "ja-JP")
    Current.timeZone = tokyo
    let text = DateViewModel().currentFormattedDate(dateStyle: dateStyle, timeStyle: timeStyle)
    #expect(
      text
        == Self.platformString(
          World.testDate, locale: "ja-JP", timeZone: tokyo, dateStyle, timeStyle))
  }

  @Test func theTestWorldIsNotTheMachines() {
    // Without overrides the test world's fixed date, locale and zone apply.
    let text = DateViewModel().currentFormattedDate(dateStyle: .medium, timeStyle: .medium)
    #expect(
      text
        == Self.platformString(
          World.testDate, locale: "en_US_POSIX", timeZone: TimeZone(identifier: "UTC")!, .medium,
          .medium))
  }
}
