import CurrentWorld
import Foundation
import TestHelpers
import Testing

/// The one rule for a world's calendar: a locale write brings the locale's
/// own calendar, unless the calendar was set on purpose.
@Suite(.timeLimit(.minutes(10))) struct CalendarFollowsLocaleTests {
  static let moment = Date(timeIntervalSince1970: 1_790_000_000)

  /// One locale the platform lists for each language, script, numbering
  /// system and calendar: the identifiers that can write a date
  /// differently.
  static let locales: [String] = {
    var seen = Set<String>()
    return Locale.availableIdentifiers.sorted().filter { identifier in
      let locale = Locale(identifier: identifier)
      let kind = [
        locale.language.languageCode?.identifier ?? "", locale.language.script?.identifier ?? "",
        locale.numberingSystem.identifier, "\(locale.calendar.identifier)",
      ].joined(separator: "|")
      return seen.insert(kind).inserted
    }
  }()

  /// Promise: every locale the platform lists, written into a test world,
  /// writes a date as the platform's formatter given only that locale
  /// does: in the locale's own calendar (Buddhist for th_TH, Umm al-Qura
  /// for ar_SA), never a Gregorian calendar the test world started with.
  @Test func aLocaleWrittenInATestWritesDatesAsItsUsersSeeThem() {
    let zone = TimeZone(identifier: "Asia/Kolkata")!
    var differentCalendars = 0
    withWorld(fixedWorld()) {
      Current.timeZone = zone
      for identifier in Self.locales {
        Current.locale = Locale(identifier: identifier)
        let own = Locale(identifier: identifier).calendar.identifier
        if own != .gregorian { differentCalendars += 1 }
        #expect(Current.calendar.identifier == own, "\(identifier)")
        let text = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
          .string(from: Self.moment)
        let expected = platformFormatter(locale: identifier, timeZone: zone, calendar: nil)
          .string(from: Self.moment)
        #expect(text == expected, "\(identifier)")
      }
    }
    // Otherwise the loop could not tell the rule from its absence.
    #expect(differentCalendars >= 3, "\(Self.locales.count) locales")
  }

  /// Promise: a calendar written on purpose is kept across later locale
  /// writes, computing in each locale.
  @Test func aCalendarSetOnPurposeIsKept() {
    withWorld(fixedWorld()) {
      Current.calendar = Calendar(identifier: .gregorian)
      Current.locale = Locale(identifier: "th_TH")
      #expect(Current.calendar.identifier == .gregorian)
      #expect(Current.calendar.locale?.identifier == "th_TH")
      Current.locale = Locale(identifier: "ar_SA")
      #expect(Current.calendar.identifier == .gregorian)
      #expect(Current.calendar.locale?.identifier == "ar_SA")
    }
  }

  /// Promise: a fresh test world follows the locale again, whatever the
  /// world it was made from set.
  @Test func aTestWorldFollowsTheLocaleAgain() {
    var world = World.test
    world.calendar = Calendar(identifier: .japanese)
    world = World.test
    world.locale = Locale(identifier: "th_TH")
    #expect(world.calendar.identifier == .buddhist)
    #expect(World.test.calendar.identifier == .gregorian)
  }

  /// Promise: a locale write on a world read earlier brings its calendar
  /// when that world is stored back, beside a time zone written meanwhile,
  /// and the calendar computes in that zone.
  @Test func aMergedLocaleWriteBringsItsCalendar() {
    withWorld(fixedWorld()) {
      var early = Current
      Current.timeZone = TimeZone(identifier: "Asia/Tokyo")!
      early.locale = Locale(identifier: "th_TH")
      Current = early
      #expect(Current.calendar.identifier == .buddhist)
      #expect(Current.timeZone.identifier == "Asia/Tokyo")
      #expect(Current.calendar.timeZone.identifier == "Asia/Tokyo")
    }
  }

  /// Promise: a calendar chosen on purpose survives a merge that brings a
  /// locale written on a copy taken before the calendar was chosen: the
  /// locale's calendar follows only a calendar nobody chose (#68).
  @Test(.world) func aChosenCalendarSurvivesAMergedLocaleWrite() {
    let saved = Current
    Current.calendar = Calendar(identifier: .islamic)
    var world = saved
    world.locale = Locale(identifier: "it_IT")
    Current = world
    #expect(Current.calendar.identifier == .islamic)
    #expect(Current.locale.identifier == "it_IT")
    #expect(Current.calendar.locale?.identifier == "it_IT")
  }

  /// The same shape in a `withWorld` scope, with a locale whose own
  /// calendar is not Gregorian.
  @Test func aChosenCalendarSurvivesAMergedLocaleWriteInAScope() {
    withWorld(fixedWorld()) {
      let saved = Current
      Current.calendar = Calendar(identifier: .japanese)
      var world = saved
      world.locale = Locale(identifier: "th_TH")
      Current = world
      #expect(Current.calendar.identifier == .japanese)
      #expect(Current.calendar.locale?.identifier == "th_TH")
    }
  }

  /// The same shape through a `SharedWorld`, whose world is read and
  /// assigned back from outside the task.
  @Test func aChosenCalendarSurvivesAMergedLocaleWriteThroughASharedWorld() {
    withWorld(fixedWorld()) {
      let shared = SharedWorld()
      let saved = shared.world
      shared.run { Current.calendar = Calendar(identifier: .hebrew) }
      var world = saved
      world.locale = Locale(identifier: "ar_SA")
      shared.run { Current = world }
      #expect(shared.run { Current.calendar.identifier } == .hebrew)
      #expect(shared.run { Current.calendar.locale?.identifier } == "ar_SA")
    }
  }

  /// Promise: a merged locale brings its own calendar into a world whose
  /// calendar nobody chose, even where the copy that wrote the locale had
  /// a calendar chosen when it was taken: the destination's rule decides.
  @Test func aMergedLocaleFollowsTheDestinationsRule() {
    withWorld(fixedWorld()) {
      Current.calendar = Calendar(identifier: .islamic)
      let saved = Current  // its calendar chosen on purpose
      Current = fixedWorld()  // replaced: a calendar nobody chose
      Current.timeZone = TimeZone(identifier: "Asia/Tokyo")!
      var world = saved
      world.locale = Locale(identifier: "th_TH")
      Current = world
      #expect(Current.calendar.identifier == .buddhist)
      #expect(Current.calendar.timeZone.identifier == "Asia/Tokyo")
    }
    // A calendar that the copy itself chose on purpose wins, as any written
    // field does.
    withWorld(fixedWorld()) {
      let saved = Current
      Current.timeZone = TimeZone(identifier: "Asia/Tokyo")!
      var world = saved
      world.locale = Locale(identifier: "th_TH")
      world.calendar = Calendar(identifier: .islamic)
      Current = world
      #expect(Current.calendar.identifier == .islamic)
      #expect(Current.calendar.locale?.identifier == "th_TH")
    }
  }
}
