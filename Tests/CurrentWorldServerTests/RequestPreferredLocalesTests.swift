import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorldServer

/// A request's `preferredLocales`: its `Accept-Language` in order (by
/// quality, ties as written, `q=0` left out), limited to the server's
/// languages, with the negotiated locale first; the server's list where the
/// header names none of them.
@Suite(.world) struct RequestPreferredLocalesTests {
  static let languages = LanguageNegotiation(identifiers: ["en", "es", "es_AR", "fr", "de"])
  static let server = [Locale(identifier: "en_GB"), Locale(identifier: "de")]

  /// The request's list for `header`, from a server whose list is
  /// `server`, as identifiers.
  static func preferred(
    _ header: String?, languages: LanguageNegotiation = languages
  ) throws -> [String] {
    var server = Current
    server.preferredLocales = Self.server
    return try RequestWorlds(languages: languages)
      .world(acceptLanguage: header, timeZone: nil, from: server).world.preferredLocales
      .map(\.identifier)
  }

  @Test func qualitiesOutOfOrderAreSorted() throws {
    #expect(try Self.preferred("fr;q=0.5, es-AR;q=0.9, en;q=0.7") == ["es_AR", "en", "fr"])
  }

  @Test func tiesKeepTheOrderWritten() throws {
    #expect(try Self.preferred("fr, es") == ["fr", "es"])
    #expect(try Self.preferred("es, fr") == ["es", "fr"])
  }

  @Test func qZeroIsLeftOut() throws {
    #expect(try Self.preferred("es, fr;q=0, de;q=0.1") == ["es", "de"])
  }

  @Test func eachLanguageOnceAsLookupFindsIt() throws {
    #expect(try Self.preferred("es-MX, es-AR, es-CL;q=0.5") == ["es", "es_AR"])
  }

  /// `*` names no language: the negotiated locale is the server's, first,
  /// and the languages named after it follow.
  @Test func aWildcardNamesNoLanguage() throws {
    #expect(try Self.preferred("*, fr;q=0.5") == [Current.locale.identifier, "fr"])
    #expect(try Self.preferred("fr, *;q=0.5, es;q=0.1") == ["fr", "es"])
    #expect(try Self.preferred("*") == Self.server.map(\.identifier))
  }

  @Test func aMalformedHeaderGivesTheServersList() throws {
    #expect(try Self.preferred("en;q=2") == Self.server.map(\.identifier))
    #expect(try Self.preferred("fr,, ;;") == Self.server.map(\.identifier))
  }

  @Test func onlyUnsupportedLanguagesGiveTheServersList() throws {
    #expect(try Self.preferred("it, pt-BR;q=0.5") == Self.server.map(\.identifier))
  }

  @Test func noHeaderGivesTheServersList() throws {
    #expect(try Self.preferred(nil) == Self.server.map(\.identifier))
  }

  /// Without a list of its own, a server supports every locale the
  /// platform has.
  @Test func aServerThatNamesNoLanguagesKeepsEveryOne() throws {
    #expect(
      try Self.preferred("it;q=0.9, pt-BR", languages: LanguageNegotiation()) == ["pt_BR", "it"])
  }

  @Test func theNegotiatedLocaleLeads() throws {
    var server = Current
    server.preferredLocales = Self.server
    let made = try RequestWorlds(languages: Self.languages)
      .world(acceptLanguage: "de;q=0.2, es-AR", timeZone: nil, from: server)
    #expect(made.world.locale.identifier == "es_AR")
    #expect(made.world.preferredLocales.first == made.world.locale)
  }
}
