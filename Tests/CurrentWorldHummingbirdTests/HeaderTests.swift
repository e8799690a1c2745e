#if Hummingbird
  import CurrentWorldHummingbird
  import CurrentWorldTesting
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting
  import Testing

  /// What the headers decide. Each of these answers can only come from the
  /// middleware: the test's own world has neither the language nor the zone.
  @Suite(.world, .timeLimit(.minutes(10))) struct HeaderTests {
    init() {
      Current.date = { serverDate }
      Current.locale = Locale(identifier: "en_US")
      Current.timeZone = TimeZone(identifier: "UTC")!
    }

    @Test(arguments: [
      ("es-AR", "America/Argentina/Buenos_Aires", "es_AR"), ("th-TH", "Asia/Bangkok", "th_TH"),
      ("fa-IR", "Asia/Tehran", "fa_IR"), ("de-DE;q=0.5, xx, ja-JP;q=0.8", "Asia/Tokyo", "ja_JP"),
    ])
    func aRequestSeesItsLanguageZoneAndCalendar(
      _ language: String, _ zone: String, _ locale: String
    )
      async throws
    {
      let app = Application(router: router(WorldMiddleware()))
      try await app.test(.router) { client in
        let response = try await client.execute(
          uri: "/seen", method: .get, headers: headers(language: language, zone: zone))
        #expect(try decodeSeen(response) == .expected(serverDate, locale: locale, zone: zone))
        #expect(
          response.headers[values: .contentLanguage] == [
            Locale(identifier: locale).identifier(.bcp47)
          ])
      }
    }

    @Test func aMalformedOrUnsupportedLanguageGivesTheServersLocale() async throws {
      let languages = LanguageNegotiation(identifiers: ["en_US", "fr"])
      let app = Application(router: router(WorldMiddleware(languages: languages)))
      try await app.test(.router) { client in
        for header in ["de;q=2", "de-DE", "*"] {
          let response = try await client.execute(
            uri: "/seen", method: .get, headers: headers(language: header))
          #expect(try decodeSeen(response).locale == "en_US", "\(header)")
          #expect(response.headers[.contentLanguage] == "en-US")
        }
        let french = try await client.execute(
          uri: "/seen", method: .get, headers: headers(language: "fr-CA"))
        #expect(try decodeSeen(french).locale == "fr")
      }
    }

    /// The message of Hummingbird's JSON error, `{"error": {"message": …}}`.
    static func errorMessage(_ response: TestResponse) throws -> String {
      struct Answer: Decodable {
        struct Error: Decodable { var message: String }
        var error: Error
      }
      return try JSONDecoder().decode(Answer.self, from: Data(String(buffer: response.body).utf8))
        .error.message
    }

    @Test(arguments: [
      "GMT+3", "Nowhere/Special", "europe/madrid", String(repeating: "A/", count: 400),
    ])
    func anUnknownTimeZoneIsA400NamingTheHeaderInHummingbirdsStyle(_ zone: String) async throws {
      let app = Application(router: router(WorldMiddleware()))
      try await app.test(.router) { client in
        let response = try await client.execute(
          uri: "/seen", method: .get, headers: headers(language: "de", zone: zone))
        #expect(response.status == .badRequest)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        let message = try Self.errorMessage(response)
        #expect(message.hasPrefix("Time-Zone: "))
        #expect(message.hasSuffix("is not an IANA time zone identifier, such as Europe/Madrid."))
      }
    }

    @Test func theTimeZoneHeaderCanBeRenamedAndHeaderNamesMatchInAnyCase() async throws {
      let name = HTTPField.Name("X-User-Zone")!
      let app = Application(router: router(WorldMiddleware(timeZoneHeader: name)))
      try await app.test(.router) { client in
        var fields = HTTPFields()
        fields[HTTPField.Name("x-user-zone")!] = "Asia/Tokyo"
        fields[HTTPField.Name("ACCEPT-LANGUAGE")!] = "ko-KR"
        let response = try await client.execute(uri: "/seen", method: .get, headers: fields)
        #expect(
          try decodeSeen(response) == .expected(serverDate, locale: "ko_KR", zone: "Asia/Tokyo"))
        // The default header means nothing now.
        let ignored = try await client.execute(
          uri: "/seen", method: .get, headers: headers(zone: "Asia/Tokyo"))
        #expect(try decodeSeen(ignored).timeZone == Current.timeZone.identifier)
        let refused = try await client.execute(
          uri: "/seen", method: .get, headers: [name: "Nowhere"])
        #expect(refused.status == .badRequest)
        #expect(String(buffer: refused.body).contains("X-User-Zone: Nowhere"))
      }
    }

    @Test func repeatedLanguageFieldsAreJoinedAsHTTPJoinsThem() async throws {
      let app = Application(router: router(WorldMiddleware()))
      try await app.test(.router) { client in
        var fields = HTTPFields()
        fields.append(HTTPField(name: .acceptLanguage, value: "xx"))
        fields.append(HTTPField(name: .acceptLanguage, value: "sv-SE;q=0.5"))
        let response = try await client.execute(uri: "/seen", method: .get, headers: fields)
        #expect(try decodeSeen(response).locale == "sv_SE")
      }
    }

    /// Promise: a time-zone header sent twice is joined, as HTTP joins it,
    /// and two zones are not one: refused, showing both, rather than either
    /// one taken.
    @Test func aTimeZoneSentTwiceIsRefused() async throws {
      let app = Application(router: router(WorldMiddleware()))
      try await app.test(.router) { client in
        var fields = HTTPFields()
        fields.append(
          HTTPField(name: WorldMiddleware<BasicRequestContext>.timeZoneHeader, value: "Asia/Tokyo"))
        fields.append(
          HTTPField(
            name: WorldMiddleware<BasicRequestContext>.timeZoneHeader, value: "Europe/Paris"))
        let response = try await client.execute(uri: "/seen", method: .get, headers: fields)
        #expect(response.status == .badRequest)
        let message = try Self.errorMessage(response)
        #expect(message.hasPrefix("Time-Zone: Asia/Tokyo, Europe/Paris is not"))
      }
    }

    /// The articles' extension point (ExtensionPoint.swift), as they read.
    @Test func theArticlesExtensionPointSetsTheRequestID() async throws {
      let router = Router()
      addWorlds(to: router)
      router.get("id") { _, _ in Current.requestID }
      try await Application(router: router).test(.router) { client in
        let named = try await client.execute(
          uri: "/id", method: .get, headers: [HTTPField.Name("X-Request-ID")!: "r-1"])
        #expect(String(buffer: named.body) == "r-1")
        let unnamed = try await client.execute(uri: "/id", method: .get)
        #expect(String(buffer: unnamed.body) == "missing")
      }
      #expect(Current.requestID == "none")
    }

    @Test func theUpdateClosureChangesTheRequestsWorldFromTheRequest() async throws {
      let requestID = HTTPField.Name("X-Request-ID")!
      let middleware = WorldMiddleware<BasicRequestContext> { world, request, _ in
        world.requestID = request.headers[requestID] ?? "missing"
        if request.headers[requestID] == "forbidden" {
          throw HTTPError(.forbidden, message: "not you")
        }
      }
      let router = Router()
      router.add(middleware: middleware)
      router.get("id") { _, _ in Current.requestID }
      let app = Application(router: router)
      try await app.test(.router) { client in
        let first = try await client.execute(uri: "/id", method: .get, headers: [requestID: "r-1"])
        let second = try await client.execute(uri: "/id", method: .get, headers: [requestID: "r-2"])
        #expect(String(buffer: first.body) == "r-1")
        #expect(String(buffer: second.body) == "r-2")
        let refused = try await client.execute(
          uri: "/id", method: .get, headers: [requestID: "forbidden"])
        #expect(refused.status == .forbidden)
      }
      #expect(Current.requestID == "none")
    }
  }
#endif
