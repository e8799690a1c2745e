import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorldServer

/// Request worlds: made from the server's world and two headers, kept
/// while the server's world is the same, and bounded against clients that
/// send endless distinct headers.
@Suite(.world, .timeLimit(.minutes(10))) struct RequestWorldsTests {
  static let languages = LanguageNegotiation(identifiers: ["en", "de", "es_AR"])

  @Test func theHeadersSetLocaleTimeZoneAndContentLanguage() throws {
    let worlds = RequestWorlds(languages: Self.languages)
    let made = try worlds.world(
      acceptLanguage: "es-AR", timeZone: "America/Argentina/Buenos_Aires", from: Current)
    #expect(made.world.locale.identifier == "es_AR")
    #expect(made.world.timeZone.identifier == "America/Argentina/Buenos_Aires")
    #expect(made.world.calendar.timeZone.identifier == "America/Argentina/Buenos_Aires")
    #expect(made.world.calendar.locale?.identifier == "es_AR")
    #expect(made.contentLanguage == "es-AR")
  }

  /// Promise: `Content-Language` names a language, never a locale's
  /// extensions: the test world's `en_US_POSIX` is `en-US`.
  @Test func theContentLanguageIsAPlainLanguageTag() throws {
    let made = try RequestWorlds(languages: Self.languages).world(
      acceptLanguage: nil, timeZone: nil, from: Current)
    #expect(Current.locale.identifier == "en_US_POSIX")
    #expect(made.contentLanguage == "en-US")
    #expect(Locale(identifier: "zh_Hant_TW").languageTag == "zh-Hant-TW")
    #expect(Locale(identifier: "th_TH@calendar=buddhist;numbers=thai").languageTag == "th-TH")
    #expect(Locale(identifier: "ca_ES_VALENCIA").languageTag == "ca-ES-valencia")
  }

  @Test func noHeadersGiveTheServersWorld() throws {
    Current.locale = Locale(identifier: "de")
    let made = try RequestWorlds(languages: Self.languages).world(
      acceptLanguage: nil, timeZone: nil, from: Current)
    #expect(made.world.isIdentical(to: Current))
    #expect(made.contentLanguage == "de")
  }

  @Test(arguments: [
    "GMT+3", "Mars/Olympus", "", "europe/madrid", "Europe/Madrid ",
    // A header sent twice, joined as HTTP joins it: two zones are not one.
    "Asia/Tokyo, Europe/Paris", "Asia/Tokyo,Asia/Tokyo",
  ])
  func aTimeZoneThatIsNotAnIANANameThrowsNamingTheHeader(_ name: String) {
    let worlds = RequestWorlds(languages: Self.languages, timeZoneHeader: "X-Zone")
    #expect(throws: InvalidTimeZoneHeader(header: "X-Zone", value: name)) {
      try worlds.world(acceptLanguage: "de", timeZone: name, from: Current)
    }
    #expect(worlds.count == 0)
  }

  @Test func theErrorSaysWhatIsExpectedAndShowsAHostileValueShortened() {
    let short = InvalidTimeZoneHeader(header: "Time-Zone", value: "Mars/Olympus")
    #expect(
      short.description
        == "Time-Zone: Mars/Olympus is not an IANA time zone identifier, such as Europe/Madrid.")
    let long = InvalidTimeZoneHeader(
      header: "Time-Zone", value: String(repeating: "x", count: 10_000))
    #expect(long.description.count < 150)
  }

  @Test func utcIsAnIANANameThoughFoundationRenamesIt() throws {
    let made = try RequestWorlds().world(acceptLanguage: nil, timeZone: "UTC", from: Current)
    #expect(made.world.timeZone.secondsFromGMT() == 0)
  }

  @Test func distinctHeadersPastTheCapacityEmptyTheCacheAndKeepTheNewest() throws {
    let worlds = RequestWorlds(languages: Self.languages)
    let base = Current
    for index in 0..<RequestWorlds.capacity {
      // Each header distinct, each negotiating German.
      let made = try worlds.world(
        acceptLanguage: "zz-\(index), de;q=0.5", timeZone: nil, from: base)
      #expect(made.world.locale.identifier == "de")
    }
    #expect(worlds.count == RequestWorlds.capacity)
    let popular = try worlds.world(acceptLanguage: "en", timeZone: nil, from: base)
    #expect(worlds.count == 1)
    let again = try worlds.world(acceptLanguage: "en", timeZone: nil, from: base)
    #expect(again.world.isIdentical(to: popular.world))
  }

  @Test func aWorldIsReusedOnlyFromTheSameServerWorld() throws {
    let worlds = RequestWorlds(languages: Self.languages)
    let base = Current
    let first = try worlds.world(acceptLanguage: "de", timeZone: "Europe/Berlin", from: base)
    let again = try worlds.world(acceptLanguage: "de", timeZone: "Europe/Berlin", from: base)
    #expect(again.world.isIdentical(to: first.world))
    var changed = base
    changed.date = { .distantFuture }
    let remade = try worlds.world(acceptLanguage: "de", timeZone: "Europe/Berlin", from: changed)
    #expect(!remade.world.isIdentical(to: first.world))
    #expect(remade.world.date() == .distantFuture)
    #expect(worlds.count == 1)
  }

  /// Replacing a kept world can release its last reference; a `deinit`
  /// that then uses the cache must not find it locked.
  @Test func aDeinitThatUsesTheCacheDuringAReplacementDoesNotDeadlock() throws {
    let worlds = RequestWorlds(languages: Self.languages)
    let used = Flag()
    do {
      var base = Current
      base[ReentryKey.self] = Reentry(worlds: worlds, used: used)
      _ = try worlds.world(acceptLanguage: "de", timeZone: nil, from: base)
    }
    #expect(!used.value)
    // A new server world replaces the kept world, the last holder of `Reentry`.
    _ = try worlds.world(acceptLanguage: "de", timeZone: nil, from: Current)
    #expect(used.value)
  }

  final class Flag: @unchecked Sendable {
    // Set and read on the test's own thread only.
    var value = false
  }

  final class Reentry: Sendable {
    let worlds: RequestWorlds
    let used: Flag

    init(worlds: RequestWorlds, used: Flag) {
      self.worlds = worlds
      self.used = used
    }

    deinit {
      _ = try? worlds.world(acceptLanguage: "en", timeZone: nil, from: Current)
      used.value = true
    }
  }

  enum ReentryKey: WorldKey {
    static var liveValue: Reentry? { nil }
    static var testValue: Reentry? { nil }
  }
}
