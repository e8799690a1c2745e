import CurrentWorldSupport
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld

/// Promise: `date(from:)` on the library's formatters answers a date or
/// `nil` for any text, on Linux too, and parses every date that the
/// formatter writes, in every locale and calendar, as the platform's own
/// formatter reads it (which, for a day whose midnight is skipped, is no
/// date at all).
///
/// Text that once stopped the process is parsed in exit tests: were the
/// guard to let it through, corelibs' `DateFormatter` would trap, and the
/// test that sent it fails by name instead of ending the whole run.
@Suite(.timeLimit(.minutes(10))) struct DateParsingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let locale: String
    let calendar: Calendar.Identifier
    let zone: String
    var testDescription: String { "\(locale), \(calendar), \(zone)" }
  }

  /// Thai, Arabic and Devanagari digits and letters with combining marks,
  /// and calendars whose years and eras are not Gregorian.
  static let cases = [
    Case(locale: "en_US", calendar: .gregorian, zone: "America/New_York"),
    Case(locale: "es_AR", calendar: .gregorian, zone: "America/Argentina/Buenos_Aires"),
    Case(locale: "th_TH", calendar: .buddhist, zone: "Asia/Bangkok"),
    Case(locale: "th_TH@numbers=thai", calendar: .buddhist, zone: "Asia/Bangkok"),
    Case(locale: "ar_EG", calendar: .islamicUmmAlQura, zone: "Africa/Cairo"),
    Case(locale: "hi_IN@numbers=deva", calendar: .gregorian, zone: "Asia/Kolkata"),
    Case(locale: "mr_IN", calendar: .indian, zone: "Asia/Kolkata"),
    Case(locale: "ja_JP", calendar: .japanese, zone: "Asia/Tokyo"),
    Case(locale: "he_IL", calendar: .hebrew, zone: "Asia/Jerusalem"),
    Case(locale: "fa_IR", calendar: .persian, zone: "Asia/Tehran"),
    Case(locale: "zh_Hant_TW", calendar: .republicOfChina, zone: "Asia/Taipei"),
    // A day period that begins with a format character (the abbreviation
    // mark U+070F), which joins the letter after it into one character.
    Case(locale: "syr_SY", calendar: .gregorian, zone: "Asia/Damascus"),
  ]

  static let styles: [DateFormatter.Style] = [.short, .medium, .long, .full]

  /// The sweeps below are ICU work on one thread each, which the plain run
  /// checks. Under ThreadSanitizer (CURRENTWORLD_SANITIZER, as in CI) they
  /// took half a minute of both cores, and tests that wait on real time
  /// gave up; there is nothing concurrent in them to race.
  static let sweeps = Testing.ConditionTrait.enabled(
    if: ProcessInfo.processInfo.environment["CURRENTWORLD_SANITIZER"] == nil,
    "ICU sweeps with nothing to race stand down under a sanitizer")

  /// Dates inside a two-digit year's window, so that a short style's year
  /// names one date; one in each half of a year, for daylight saving.
  static let dates = [
    Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 1_768_487_400),
    Date(timeIntervalSince1970: 1_783_000_000),
  ]

  /// A formatter of the library's, made for this test alone: the hundreds
  /// made here would empty the cache that every world shares, under tests
  /// that check what it keeps.
  static func formatter(_ testCase: Case, _ date: DateFormatter.Style, _ time: DateFormatter.Style)
    -> SharedDateFormatter
  {
    var calendar = Calendar(identifier: testCase.calendar)
    calendar.locale = Locale(identifier: testCase.locale)
    calendar.timeZone = TimeZone(identifier: testCase.zone)!
    let formatter = platformFormatter(
      locale: testCase.locale, timeZone: calendar.timeZone, calendar: nil, dateStyle: date,
      timeStyle: time)
    formatter.calendar = calendar
    return SharedDateFormatter(formatter)
  }

  /// The fuzzer's find: a date with no time of day, on a day whose
  /// midnight Cairo's change to summer time skips (the last Friday of
  /// April, from 2023). The platform's formatter has no instant for it and
  /// reads `nil`; the library's reads what the platform reads, and the day
  /// before and after still parse.
  @Test func aDayWhoseMidnightIsSkippedIsReadAsThePlatformReadsIt() {
    let cairo = Case(locale: "ar_EG", calendar: .islamicUmmAlQura, zone: "Africa/Cairo")
    let formatter = Self.formatter(cairo, .full, .none)
    let friday = Date(timeIntervalSince1970: 3_891_435_159)  // 2093-04-24, local time
    let start = formatter.calendar.startOfDay(for: friday)
    #expect(formatter.calendar.component(.hour, from: start) == 1, "midnight is skipped")
    let written = formatter.string(from: friday)
    #expect(formatter.date(from: written) == formatter.makeDateFormatter().date(from: written))
    for day in [-1.0, 1.0] {
      let other = formatter.string(from: friday.addingTimeInterval(day * 86_400))
      #expect(formatter.date(from: other) != nil)
      #expect(formatter.date(from: other) == formatter.makeDateFormatter().date(from: other))
    }
  }

  /// The fuzzer's input (a combining mark after a digit) stopped the
  /// process inside corelibs Foundation, through a plain `DateFormatter`
  /// and through this library's formatters alike.
  @Test func aCombiningMarkAfterADigitIsNotADate() async {
    await #expect(processExitsWith: .success) {
      let posix = Case(locale: "en_US_POSIX", calendar: .gregorian, zone: "UTC")
      let formatter = DateParsingTests.formatter(posix, .short, .short)
      #expect(formatter.date(from: "1\u{0670}/1/01, 12:00 AM") == nil)
      #expect(formatter.date(from: "Wed, 20\u{0670}\u{FFFD}\u{FFFD} 01 0:8:0 GMT") == nil)
    }
  }

  /// A real Thai weekday where the pattern wants another form: ICU matches
  /// the narrow weekday "จ" and stops before the vowel on it, which stops a
  /// plain `DateFormatter` on Linux. Likewise a month where the pattern
  /// starts with a weekday, and a Latin letter with a mark.
  @Test func aNarrowNameInsideACharacterIsNotADate() async {
    await #expect(processExitsWith: .success) {
      let thai = Case(locale: "th_TH", calendar: .buddhist, zone: "Asia/Bangkok")
      let formatter = DateParsingTests.formatter(thai, .full, .none)
      let text = formatter.string(from: DateParsingTests.dates[1])
      #expect(formatter.date(from: text) != nil)
      let weekday = try #require(text.split(separator: "ที่").first)
      #expect(formatter.date(from: text.replacingOccurrences(of: weekday, with: "จันทร์")) == nil)
      // A month where the pattern starts with a weekday: the longest name
      // of all ("สิงหาคม") ends on a character, the weekday's ("ส") inside
      // one. The fuzzer's find, then the shortest text that stopped the
      // process.
      #expect(formatter.date(from: "\u{FFFD}สิงหาคม月าคม月าคม พ.渨. 256 2569") == nil)
      #expect(formatter.date(from: "สิงหาคม") == nil)
      #expect(formatter.date(from: " สิ 2569") == nil)
      let posix = Case(locale: "en_US_POSIX", calendar: .gregorian, zone: "UTC")
      let latin = DateParsingTests.formatter(posix, .full, .none)
      let written = latin.string(from: DateParsingTests.dates[1])
      #expect(latin.date(from: "M\u{0301}" + written.dropFirst()) == nil)
    }
  }

  /// A mark after every character in turn of every date that every case
  /// writes: wherever the parse stops, nothing crashes, and no marked text
  /// is a date. The cases run side by side in one child process.
  @Test(sweeps) func aMarkAnywhereInAWrittenDateIsSafe() async {
    await #expect(processExitsWith: .success) {
      let cases = DateParsingTests.cases
      let parsed = Locked([String: Int]())
      DispatchQueue.concurrentPerform(iterations: cases.count) { index in
        let count = DateParsingTests.markedDatesParsed(cases[index])
        parsed.withLock { $0[cases[index].testDescription] = count }
      }
      // No text stopped the process, and none of it was taken for a date:
      // a mark changes a character, and so the text.
      let taken = parsed.withLock { $0 }.filter { $0.value != 0 }
      #expect(taken == [:], "marked text read as a date, by case")
      #expect(parsed.withLock { $0.count } == cases.count)
    }
  }

  /// How many of the texts made by putting a mark at each place of each
  /// date that `testCase` writes parse as a date.
  static func markedDatesParsed(_ testCase: Case) -> Int {
    var parsed = 0
    for mark in ["\u{0670}", "\u{0301}", "\u{0E48}", "\u{093F}", "\u{200D}"] {
      for style in styles {
        let formatter = formatter(testCase, style, style)
        let text = formatter.string(from: dates[1])
        for offset in 0...text.count {
          var marked = text
          marked.insert(contentsOf: mark, at: marked.index(marked.startIndex, offsetBy: offset))
          if formatter.date(from: marked) != nil { parsed += 1 }
        }
      }
    }
    return parsed
  }

  /// Every date the formatter writes parses, to the date that the
  /// platform's own formatter reads from it: the guard refuses none of the
  /// formatter's own characters. Where the text names one date, that date
  /// is written the same way again: not where the year has two digits (a
  /// short style, and the Republic of China's year 90, which ICU reads as
  /// 10090).
  @Test(sweeps, arguments: cases)
  func everyWrittenDateParsesBack(_ testCase: Case) async {
    let failures = await Self.offThePool {
      var failures: [String] = []
      for dateStyle in Self.styles {
        for timeStyle in [DateFormatter.Style.none] + Self.styles {
          let formatter = Self.formatter(testCase, dateStyle, timeStyle)
          let platform = formatter.makeDateFormatter()
          for date in Self.dates {
            let text = formatter.string(from: date)
            let parsed = formatter.date(from: text)
            let styles = "\(dateStyle.rawValue)/\(timeStyle.rawValue): \(text.debugDescription)"
            if parsed == nil { failures.append("\(styles) did not parse") }
            if parsed != platform.date(from: text) {
              failures.append("\(styles) parsed otherwise than the platform's formatter")
            }
            let twoDigitYear = testCase.calendar == .republicOfChina && date == Self.dates[0]
            if dateStyle != .short, !twoDigitYear, parsed.map(formatter.string(from:)) != text {
              failures.append("\(styles) was written again as another date")
            }
          }
        }
      }
      return failures
    }
    #expect(failures == [])
  }

  /// One locale of each language, script and numbering system the platform
  /// has: what the formatter writes is read as the platform's own formatter
  /// reads it, so the guard refuses none of it. (Syriac's day periods were
  /// refused until format characters counted as part of a word.)
  @Test(sweeps) func everyLanguagesDatesParseAsThePlatformReadsThem() async {
    var seen = Set<String>()
    let locales = Locale.availableIdentifiers.sorted().filter { identifier in
      let locale = Locale(identifier: identifier)
      let language = locale.language
      return seen.insert(
        "\(language.languageCode?.identifier ?? "")-\(language.script?.identifier ?? "")-"
          + locale.numberingSystem.identifier
      ).inserted
    }
    let differing = await Self.offThePool {
      locales.flatMap { identifier in
        [(DateFormatter.Style.full, DateFormatter.Style.full), (.short, .medium)].compactMap {
          dateStyle, timeStyle -> String? in
          let make = {
            platformFormatter(
              locale: identifier, timeZone: TimeZone(identifier: "Asia/Kolkata")!, calendar: nil,
              dateStyle: dateStyle, timeStyle: timeStyle)
          }
          let (platform, shared) = (make(), SharedDateFormatter(make()))
          let text = shared.string(from: Self.dates[1])
          return shared.date(from: text) == platform.date(from: text)
            ? nil : "\(identifier): \(text)"
        }
      }
    }
    #expect(locales.contains("syr"))
    #expect(differing == [])
  }

  /// Runs `work` on a GCD thread: these checks take seconds, and Swift
  /// Testing's cooperative threads (two, on CI) must stay free for the
  /// tests that wait on them, such as the clock's.
  static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
  }

  /// The guard changes no answer of the platform's formatter on text that
  /// it lets through, and text it refuses is text no formatter accepts.
  @Test(arguments: cases)
  func answersMatchThePlatformsFormatter(_ testCase: Case) {
    let shared = Self.formatter(testCase, .full, .short)
    let platform = platformFormatter(
      locale: testCase.locale, timeZone: TimeZone(identifier: testCase.zone)!,
      calendar: testCase.calendar, dateStyle: .full, timeStyle: .short)
    let text = platform.string(from: Self.dates[0])
    for candidate in [text, " \(text)", "\(text) ", String(text.dropLast()), "x\(text)", ""] {
      #expect(shared.date(from: candidate) == platform.date(from: candidate), "\(candidate)")
    }
  }
}
