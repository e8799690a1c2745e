import CurrentWorld
import CurrentWorldTesting
import Foundation
import HTTPTypes
import Testing

@testable import WorldServer

/// The middleware's cache of request worlds: bounded against clients that
/// send endless distinct headers, and reused only while the server's world
/// is the one it was built from.
@Suite(.world, .timeLimit(.minutes(1))) struct RequestWorldsTests {
  @Test func distinctHeadersPastTheCapacityAreBuiltButNotKept() {
    let worlds = RequestWorlds(negotiation: LanguageNegotiation(identifiers: ["en", "de"]))
    let base = Current
    for index in 0..<(RequestWorlds.capacity + 100) {
      // Each header distinct, each negotiating German.
      let headers = RequestWorlds.Headers(language: "zz-\(index), de;q=0.5", zone: nil)
      #expect(worlds.world(for: headers, from: base)?.world.locale.identifier == "de")
    }
    #expect(worlds.count == RequestWorlds.capacity)
  }

  /// Header names match in any case, and repeated fields are joined with
  /// commas, as HTTP joins them, before negotiation sees them.
  @Test func headersAreReadInAnyCaseAndRepeatsAreJoined() throws {
    var fields = HTTPFields()
    fields.append(HTTPField(name: HTTPField.Name("ACCEPT-LANGUAGE")!, value: "zz"))
    fields.append(HTTPField(name: .contentType, value: "text/plain"))
    fields.append(HTTPField(name: HTTPField.Name("time-zone")!, value: "Europe/Berlin"))
    fields.append(HTTPField(name: .acceptLanguage, value: "de;q=0.5"))
    let headers = RequestWorlds.Headers(fields)
    #expect(headers == RequestWorlds.Headers(language: "zz, de;q=0.5", zone: "Europe/Berlin"))
    let worlds = RequestWorlds(negotiation: LanguageNegotiation(identifiers: ["en", "de"]))
    let built = try #require(worlds.world(for: headers, from: Current))
    #expect(built.world.locale.identifier == "de")
    #expect(built.world.timeZone.identifier == "Europe/Berlin")
    #expect(RequestWorlds.Headers(HTTPFields()) == RequestWorlds.Headers(language: nil, zone: nil))
  }

  @Test func aWorldIsReusedOnlyFromTheSameBase() throws {
    let worlds = RequestWorlds(negotiation: LanguageNegotiation(identifiers: ["en", "de"]))
    let headers = RequestWorlds.Headers(language: "de", zone: "Europe/Berlin")
    let base = Current
    let first = try #require(worlds.world(for: headers, from: base))
    let again = try #require(worlds.world(for: headers, from: base))
    #expect(again.world.isIdentical(to: first.world))
    var changed = base
    changed.date = { .distantFuture }
    let rebuilt = try #require(worlds.world(for: headers, from: changed))
    #expect(!rebuilt.world.isIdentical(to: first.world))
    #expect(rebuilt.world.date() == .distantFuture)
    #expect(worlds.count == 1)
  }

  /// Replacing a kept world can release its last reference; a `deinit`
  /// that then uses the cache must not find it locked.
  @Test func aDeinitThatUsesTheCacheDuringAReplacementDoesNotDeadlock() throws {
    let worlds = RequestWorlds(negotiation: LanguageNegotiation(identifiers: ["en", "de"]))
    let headers = RequestWorlds.Headers(language: "de", zone: nil)
    let used = Flag()
    do {
      var base = Current
      base[ReentryKey.self] = Reentry(worlds: worlds, used: used)
      _ = worlds.world(for: headers, from: base)
    }
    #expect(!used.value)
    // A new base replaces the kept world, the last holder of `Reentry`.
    _ = try #require(worlds.world(for: headers, from: Current))
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
      let headers = RequestWorlds.Headers(language: "en", zone: nil)
      _ = worlds.world(for: headers, from: Current)
      used.value = true
    }
  }

  enum ReentryKey: WorldKey {
    static var liveValue: Reentry? { nil }
    static var testValue: Reentry? { nil }
  }
}
