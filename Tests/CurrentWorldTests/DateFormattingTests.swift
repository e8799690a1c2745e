import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld

/// Expected strings always come from a `DateFormatter` configured by hand on
/// the platform under test, never from text copied out of an article: ICU and
/// CLDR versions write the same date differently.
@Suite(.timeLimit(.minutes(10))) struct DateFormattingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let locale: String
    let timeZone: TimeZone
    let date: Date
    var testDescription: String { "\(locale) in \(timeZone.identifier) at \(date)" }
  }

  static let cases: [Case] = {
    let dates = [Date.distantFuture, Date(timeIntervalSince1970: 1_700_000_000), Date.distantPast]
    let zones = [
      ("es-AR", TimeZone(secondsFromGMT: -3 * 3600)!),
      ("en-GB", TimeZone(identifier: "UTC")!),
      ("en-US", TimeZone(identifier: "America/New_York")!),
      ("ja-JP", TimeZone(identifier: "Asia/Tokyo")!),
      ("ar-EG", TimeZone(identifier: "Africa/Cairo")!),
    ]
    return zones.flatMap { locale, zone in
      dates.map { Case(locale: locale, timeZone: zone, date: $0) }
    }
  }()

  static let styles: [(DateFormatter.Style, DateFormatter.Style)] = [
    (.full, .full), (.long, .short), (.medium, .none), (.none, .medium), (.short, .long),
  ]

  static func handMade(_ testCase: Case, _ style: (DateFormatter.Style, DateFormatter.Style))
    -> DateFormatter
  {
    platformFormatter(
      locale: testCase.locale, timeZone: testCase.timeZone, dateStyle: style.0, timeStyle: style.1)
  }

  @Test(arguments: cases)
  func formatterMatchesOneConfiguredByHand(_ testCase: Case) {
    withWorld(fixedWorld(date: testCase.date)) {
      Current.locale = Locale(identifier: testCase.locale)
      Current.timeZone = testCase.timeZone
      for style in Self.styles {
        let formatter = Current.dateFormatter(dateStyle: style.0, timeStyle: style.1)
        let expected = Self.handMade(testCase, style).string(from: testCase.date)
        #expect(formatter.string(from: Current.date()) == expected)
        #expect(formatter.locale == Current.locale)
        #expect(formatter.timeZone == Current.timeZone)
      }
    }
  }

  @Test func localesReallyDiffer() {
    // Guards the comparison above: if every locale wrote the same string,
    // matching a hand-made formatter would prove nothing.
    let outputs = Set(
      Self.cases.filter { $0.date == .distantFuture }.map {
        Self.handMade($0, (.full, .full)).string(from: $0.date)
      })
    #expect(outputs.count == 5)
  }

  @Test func formattersAreCachedPerWorld() {
    withWorld(fixedWorld()) {
      // The cache is shared with the tests that run meanwhile, which may
      // fill it and start it again between two calls. Two calls are
      // compared once the cache kept the same contents across both: then a
      // world that built a formatter per call would differ, whatever the
      // scheduling. (A sample that others disturbed is taken again; the
      // comparison itself is made once.)
      let cache = DateFormatterCache.shared
      var compared: Bool?
      for _ in 0..<1_000 where compared == nil {
        let restarts = cache.restarts
        let first = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
        let second = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
        if cache.restarts == restarts { compared = first === second }
      }
      #expect(compared == true)
      let first = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
      #expect(Current.dateFormatter(dateStyle: .full, timeStyle: .short) !== first)
    }
  }

  @Test func aCallerCannotChangeWhatAnotherCallGets() {
    withWorld(fixedWorld(date: .distantFuture)) {
      let shared = Current.dateFormatter(dateStyle: .medium, timeStyle: .none)
      let before = shared.string(from: Current.date())
      // The shared formatter has no setters; a caller changes its own copy.
      let mine = shared.makeDateFormatter()
      mine.dateFormat = "yyyy"
      mine.timeZone = TimeZone(identifier: "Asia/Tokyo")!
      #expect(mine.string(from: Current.date()) != before)
      // Not necessarily the same object: tests running meanwhile may fill
      // the cache that every world shares, which then starts again.
      let again = Current.dateFormatter(dateStyle: .medium, timeStyle: .none)
      #expect(again.timeZone == shared.timeZone)
      #expect(again.string(from: Current.date()) == before)
      #expect(shared.string(from: Current.date()) == before)
      #expect(shared.makeDateFormatter() !== mine)
    }
  }

  @Test func aCopyFormatsLikeTheSharedFormatter() {
    withWorld(fixedWorld(date: .distantFuture)) {
      Current.locale = Locale(identifier: "es-AR")
      Current.timeZone = TimeZone(identifier: "America/Argentina/Buenos_Aires")!
      let shared = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
      let copy = shared.makeDateFormatter()
      #expect(copy.string(from: Current.date()) == shared.string(from: Current.date()))
      #expect(shared.date(from: shared.string(from: Current.date())) != nil)
    }
  }

  @Test func changingTheWorldNeverReturnsAStaleFormatter() {
    withWorld(fixedWorld(date: .distantFuture)) {
      let utc = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
      Current.timeZone = TimeZone(identifier: "Asia/Tokyo")!
      let tokyo = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
      #expect(tokyo !== utc)
      #expect(tokyo.timeZone == TimeZone(identifier: "Asia/Tokyo")!)
      Current.locale = Locale(identifier: "ja-JP")
      #expect(
        Current.dateFormatter(dateStyle: .full, timeStyle: .full).locale
          == Locale(identifier: "ja-JP"))
      Current.calendar = Calendar(identifier: .japanese)
      let japanese = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
      #expect(japanese.calendar.identifier == .japanese)
      let expected = platformFormatter(
        locale: "ja-JP", timeZone: TimeZone(identifier: "Asia/Tokyo")!, calendar: .japanese)
      #expect(japanese.string(from: Current.date()) == expected.string(from: .distantFuture))
      Current.timeZone = TimeZone(identifier: "UTC")!
      Current.locale = Locale(identifier: "en_US_POSIX")
      Current.calendar = Calendar(identifier: .gregorian)
      // The same settings again: not necessarily the same object, since
      // tests running meanwhile may fill the shared cache, which then
      // starts again.
      let back = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
      #expect(back.timeZone == utc.timeZone)
      #expect(back.locale == utc.locale)
      #expect(back.calendar == utc.calendar)
      #expect(back.string(from: Current.date()) == utc.string(from: Current.date()))
    }
  }

  @Test func parallelScopesEachFormatInTheirOwnLocale() async {
    let locales = ["es-AR", "en-GB", "en-US", "ja-JP", "ar-EG"]
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for index in 0..<200 {
        group.addTask {
          await withWorld(fixedWorld(date: .distantFuture)) {
            let identifier = locales[index % locales.count]
            Current.locale = Locale(identifier: identifier)
            await Task.yield()
            let text = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
              .string(from: Current.date())
            let testCase = Case(
              locale: identifier, timeZone: TimeZone(identifier: "UTC")!, date: .distantFuture)
            let expected = DateFormattingTests.handMade(testCase, (.full, .full)).string(
              from: .distantFuture)
            return text == expected ? 0 : 1
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  /// Promise: a format style takes the world's calendar too, not the
  /// machine's: a Buddhist world formats the Buddhist year.
  @Test func formatStylesUseTheWorldsCalendar() {
    withWorld(fixedWorld(date: Date(timeIntervalSince1970: 1_700_000_000))) {
      Current.calendar = Calendar(identifier: .buddhist)
      let style = Current.formatStyle(date: .long, time: .omitted)
      #expect(style.calendar.identifier == .buddhist)
      var expected = Date.FormatStyle(date: .long, time: .omitted)
      expected.locale = Current.locale
      expected.timeZone = Current.timeZone
      expected.calendar = Calendar(identifier: .buddhist)
      #expect(
        Current.formatted(Current.date(), date: .long, time: .omitted)
          == Current.date().formatted(expected))
    }
  }

  @Test(arguments: cases)
  func formatStylesFollowTheWorld(_ testCase: Case) {
    withWorld(fixedWorld(date: testCase.date)) {
      Current.locale = Locale(identifier: testCase.locale)
      Current.timeZone = testCase.timeZone
      var style = Date.FormatStyle(date: .complete, time: .complete)
      style.locale = Locale(identifier: testCase.locale)
      style.timeZone = testCase.timeZone
      style.calendar = Calendar(identifier: .gregorian)
      let expected = testCase.date.formatted(style)
      #expect(Current.formatted(Current.date(), date: .complete, time: .complete) == expected)
      #expect(
        Current.date().formatted(Current.formatStyle(date: .complete, time: .complete)) == expected)
    }
  }
}
