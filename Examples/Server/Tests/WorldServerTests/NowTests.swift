import CurrentWorldHummingbird
import CurrentWorldTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WorldServer

/// `GET /now` answers in the request's world: the locale its
/// `Accept-Language` negotiates and the zone its `Time-Zone` names, with
/// the test's own overrides of `Current`.
@Suite(.world, .timeLimit(.minutes(1))) struct NowTests {
  static let pairs: [(language: String, locale: String, tag: String, zone: String)] = [
    ("es-AR", "es_AR", "es-AR", "America/Argentina/Buenos_Aires"),
    ("ja-JP", "ja_JP", "ja-JP", "Asia/Tokyo"),
    ("fr-CH, fr;q=0.9, en;q=0.5", "fr_CH", "fr-CH", "Europe/Zurich"),
    ("de", "de", "de", "Europe/Berlin"),
    ("ar-EG", "ar_EG", "ar-EG", "Africa/Cairo"),
    ("hi-IN", "hi_IN", "hi-IN", "Asia/Kolkata"),
  ]

  @Test(arguments: 0..<pairs.count)
  func nowIsInTheRequestsWorld(_ index: Int) async throws {
    let pair = Self.pairs[index]
    Current.date = { serverDate }
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(
        uri: "/now", method: .get, headers: headers(language: pair.language, zone: pair.zone))
      #expect(response.status == .ok)
      #expect(response.headers[.contentLanguage] == pair.tag)
      let body = try decodeNow(response)
      #expect(body.locale == pair.tag)
      #expect(body.timeZone == pair.zone)
      #expect(body.text == platformFullText(serverDate, locale: pair.locale, zone: pair.zone))
    }
  }

  @Test func withoutHeadersARequestGetsTheServersWorld() async throws {
    Current.date = { serverDate }
    Current.locale = Locale(identifier: "pt_BR")
    Current.timeZone = TimeZone(identifier: "America/Sao_Paulo")!
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/now", method: .get)
      let body = try decodeNow(response)
      #expect(response.headers[.contentLanguage] == "pt-BR")
      #expect(body.locale == "pt-BR")
      #expect(body.timeZone == "America/Sao_Paulo")
      #expect(
        body.text == platformFullText(serverDate, locale: "pt_BR", zone: "America/Sao_Paulo"))
    }
  }

  /// HTTP lets a server ignore a header it cannot parse: a malformed
  /// `Accept-Language` gives the server's locale, which is echoed.
  @Test(arguments: ["es-AR;q=2", ";;", "es_AR", "en-US;q=0.5;level=1", "toolonglanguage"])
  func aMalformedLanguageGivesTheServersLocale(_ header: String) async throws {
    Current.locale = Locale(identifier: "it_IT")
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(
        uri: "/now", method: .get, headers: headers(language: header))
      #expect(response.status == .ok)
      #expect(response.headers[.contentLanguage] == "it-IT")
      #expect(try decodeNow(response).locale == "it-IT")
    }
  }

  @Test(arguments: ["Mars/Olympus_Mons", "GMT+3", "", "america/new_york"])
  func anUnknownTimeZoneIsABadRequestNamingTheHeader(_ zone: String) async throws {
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(
        uri: "/now", method: .get, headers: headers(zone: zone))
      #expect(response.status == .badRequest)
      #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      #expect(
        try decodeHTTPErrorMessage(response)
          == "Time-Zone: \(zone) is not an IANA time zone identifier, such as Europe/Madrid.")
    }
  }

  @Test func utcIsAnIANAName() async throws {
    Current.date = { serverDate }
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(
        uri: "/now", method: .get, headers: headers(language: "en-GB", zone: "UTC"))
      #expect(response.status == .ok)
      #expect(
        try decodeNow(response).text == platformFullText(serverDate, locale: "en_GB", zone: "UTC"))
    }
  }

  /// Without the middleware, every request sees the server's world: the
  /// middleware, not the router, is what gives a request its own.
  @Test func withoutTheMiddlewareHeadersChangeNothing() async throws {
    Current.date = { serverDate }
    let router = Router()
    Routes.add(to: router)
    try await Application(router: router).test(.router) { client in
      let response = try await client.execute(
        uri: "/now", method: .get, headers: headers(language: "ja-JP", zone: "Asia/Tokyo"))
      let body = try decodeNow(response)
      #expect(body.locale == World.test.locale.languageTag)
      #expect(body.timeZone == World.test.timeZone.identifier)
      #expect(response.headers[.contentLanguage] == nil)
    }
  }

  /// The middleware reuses a request's world for the same headers only
  /// while the server's world is unchanged: a write between two requests
  /// reaches the second.
  @Test func aWriteBetweenRequestsReachesTheNextRequest() async throws {
    Current.date = { serverDate }
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let asked = headers(language: "es-AR", zone: "America/Argentina/Buenos_Aires")
      let first = try decodeNow(try await client.execute(uri: "/now", method: .get, headers: asked))
      let later = serverDate.addingTimeInterval(86_400)
      Current.date = { later }
      let second = try decodeNow(
        try await client.execute(uri: "/now", method: .get, headers: asked))
      #expect(
        first.text
          == platformFullText(serverDate, locale: "es_AR", zone: "America/Argentina/Buenos_Aires"))
      #expect(
        second.text
          == platformFullText(later, locale: "es_AR", zone: "America/Argentina/Buenos_Aires"))
    }
  }
}
