import CurrentWorldServer
import Foundation
import Testing

/// `Accept-Language` negotiation, on a fixed list of locales so that the
/// answers do not depend on the platform's.
@Suite struct LanguageNegotiationTests {
  static let negotiation = LanguageNegotiation(identifiers: [
    "en", "en_GB", "es", "es_419", "es_AR", "fr", "fr_CH", "de", "zh_Hant_TW",
  ])
  static let fallback = Locale(identifier: "it_IT")

  /// The negotiated locale, or the server's where there is none.
  static func pick(_ header: String?) -> String {
    (header.flatMap(negotiation.match) ?? fallback).identifier
  }

  /// `matches` lists what `match` picks first, then the rest in order.
  @Test func everyMatchInOrderBeginsWithTheBest() {
    let header = "fr;q=0.5, de;q=0.9, en, es-MX;q=0.5, it, fr-CH;q=0"
    #expect(Self.negotiation.matches(header).map(\.identifier) == ["en", "de", "fr", "es"])
    #expect(Self.negotiation.matches(header).first == Self.negotiation.match(header))
    #expect(Self.negotiation.matches("en;q=x") == [])
    #expect(Self.negotiation.matches("*") == [])
  }

  @Test func theBestQualityWinsAndTiesKeepTheirOrder() {
    #expect(Self.pick("fr;q=0.5, de;q=0.9, en") == "en")
    #expect(Self.pick("de, fr") == "de")
    #expect(Self.pick("fr;q=0.7, de;q=0.7") == "fr")
  }

  @Test func aRangeFallsBackToAShorterOne() {
    #expect(Self.pick("es-MX") == "es")
    #expect(Self.pick("es-419-x-private") == "es_419")
    #expect(Self.pick("zh-Hant-TW") == "zh_Hant_TW")
    #expect(Self.pick("EN-gb") == "en_GB")
  }

  @Test func nothingAvailableAStarOrZeroQualityGivesTheFallback() {
    #expect(Self.pick(nil) == "it_IT")
    #expect(Self.pick("") == "it_IT")
    #expect(Self.pick("xx-YY") == "it_IT")
    #expect(Self.pick("*") == "it_IT")
    // A star that outranks every language decides for the server's, though
    // `matches` still lists the languages after it.
    #expect(Self.pick("*, de;q=0.5") == "it_IT")
    #expect(Self.negotiation.matches("*, de;q=0.5").map(\.identifier) == ["de"])
    #expect(Self.pick("fr, *;q=0.5") == "fr")
    #expect(Self.pick("de;q=0") == "it_IT")
    #expect(Self.pick("xx, de;q=0.1") == "de")
  }

  @Test(arguments: [
    "de;q=1.5", "de;q=0.1234", "de;q=", "de;x=1", "de;q=0.5;q=0.4", "d3", "de--AT",
    "de_AT", "abcdefghi", "de-abcdefghi", "de;", ",;", "dé", "de;q=1.001", "de;q=2",
    "de;q=.5", "de;q=0.5x", "de;q=01",
  ])
  func aMalformedHeaderGivesTheFallback(_ header: String) {
    #expect(Self.pick(header) == "it_IT", "\(header)")
  }

  @Test(arguments: [
    ("fr;q=0., de;q=0.1", "de"), ("fr;q=0.001, de;q=0.01", "de"), ("fr;q=1., de;q=1.000", "fr"),
    ("de;Q=0.5, fr;q=0.4", "de"),
  ])
  func everyQualityThatRFC9110AllowsIsRead(_ header: String, _ expected: String) {
    #expect(Self.pick(header) == expected, "\(header)")
  }

  @Test func emptyListElementsAreAllowed() {
    #expect(Self.pick(", de ,") == "de")
    #expect(Self.pick("de ; q=0.8 , fr ; q = 0.9") == "fr")
  }
}
