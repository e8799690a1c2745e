#if Vapor
  import CurrentWorldTesting
  import CurrentWorldVapor
  import Foundation
  import Testing
  import Vapor
  import VaporTesting

  /// What the headers decide. Each answer can only come from the middleware:
  /// the test's own world has neither the language nor the zone.
  @Suite(.world, .timeLimit(.minutes(10))) struct HeaderTests {
    init() {
      Current.date = { serverDate }
      Current.locale = Locale(identifier: "en_US")
      Current.timeZone = TimeZone(identifier: "Atlantic/Reykjavik")!
    }

    static func withSeenApp(
      _ middleware: WorldMiddleware, _ body: (Application) async throws -> Void
    ) async throws {
      try await withApp { app in
        app.middleware.use(middleware)
        app.get("seen") { _ async in Seen.current }
        try await body(app)
      }
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
      try await Self.withSeenApp(WorldMiddleware()) { app in
        do {
          let response = try await app.testing().sendRequest(
            .GET, "seen", headers: headers(language: language, zone: zone))
          #expect(
            try response.content.decode(Seen.self)
              == .expected(serverDate, locale: locale, zone: zone))
          #expect(
            response.headers[.contentLanguage] == [Locale(identifier: locale).identifier(.bcp47)])
        }
      }
    }

    /// The middleware names the request's language once, whether or not the
    /// route named one.
    @Test func theRequestsLanguageReplacesOneThatTheRouteNamed() async throws {
      try await withApp { app in
        app.middleware.use(WorldMiddleware())
        app.get("named") { _ in Response(status: .ok, headers: ["Content-Language": "xx"]) }
        app.get("unnamed") { _ in Response(status: .ok) }
        for path in ["named", "unnamed"] {
          let response = try await app.testing().sendRequest(
            .GET, path, headers: headers(language: "es-AR"))
          #expect(response.headers[.contentLanguage] == ["es-AR"], "\(path)")
        }
      }
    }

    @Test func aMalformedOrUnsupportedLanguageGivesTheServersLocale() async throws {
      let languages = LanguageNegotiation(identifiers: ["en_US", "fr"])
      try await Self.withSeenApp(WorldMiddleware(languages: languages)) { app in
        for header in ["de;q=2", "de-DE", "*"] {
          do {
            let response = try await app.testing().sendRequest(
              .GET, "seen", headers: headers(language: header))
            #expect(try response.content.decode(Seen.self).locale == "en_US", "\(header)")
            #expect(response.headers[.contentLanguage] == ["en-US"])
          }
        }
        do {
          let response = try await app.testing().sendRequest(
            .GET, "seen", headers: headers(language: "fr-CA"))
          #expect(try response.content.decode(Seen.self).locale == "fr")
        }
      }
    }

    @Test(arguments: [
      "GMT+3", "Nowhere/Special", "europe/madrid", String(repeating: "A/", count: 400),
    ])
    func anUnknownTimeZoneIsA400NamingTheHeaderInVaporsStyle(_ zone: String) async throws {
      try await Self.withSeenApp(WorldMiddleware()) { app in
        do {
          let response = try await app.testing().sendRequest(
            .GET, "seen", headers: headers(language: "de", zone: zone))
          #expect(response.status == .badRequest)
          struct Answer: Decodable {
            var error: Bool
            var reason: String
          }
          let answer = try response.content.decode(Answer.self)
          #expect(answer.error)
          #expect(answer.reason.hasPrefix("Time-Zone: "))
          #expect(
            answer.reason.hasSuffix("is not an IANA time zone identifier, such as Europe/Madrid."))
        }
      }
    }

    @Test func theTimeZoneHeaderCanBeRenamedAndRepeatedLanguagesAreJoined() async throws {
      try await Self.withSeenApp(WorldMiddleware(timeZoneHeader: "X-User-Zone")) { app in
        var fields = HTTPHeaders()
        fields.add(name: "x-user-zone", value: "Asia/Tokyo")
        fields.add(name: "ACCEPT-LANGUAGE", value: "xx")
        fields.add(name: "accept-language", value: "ko-KR;q=0.5")
        fields.add(name: "Accept-Language", value: "it;q=0.1")
        do {
          let response = try await app.testing().sendRequest(.GET, "seen", headers: fields)
          #expect(
            try response.content.decode(Seen.self)
              == .expected(serverDate, locale: "ko_KR", zone: "Asia/Tokyo"))
        }
        do {
          let response = try await app.testing().sendRequest(
            .GET, "seen", headers: headers(zone: "Asia/Tokyo"))
          #expect(try response.content.decode(Seen.self).timeZone == "Atlantic/Reykjavik")
        }
        do {
          // Only letters match in either case: a carriage return is not a
          // hyphen, though the two differ by the same bit as `A` and `a`.
          let response = try await app.testing().sendRequest(
            .GET, "seen", headers: ["X\rUser\rZone": "Asia/Tokyo"])
          #expect(try response.content.decode(Seen.self).timeZone == "Atlantic/Reykjavik")
        }
        do {
          let response = try await app.testing().sendRequest(
            .GET, "seen", headers: ["X-User-Zone": "Nowhere"])
          #expect(response.status == .badRequest)
          #expect(response.body.string.contains("X-User-Zone: Nowhere"))
        }
      }
    }

    /// Promise: a time-zone header sent twice is joined, as HTTP joins it,
    /// and two zones are not one: refused, showing both, rather than either
    /// one taken.
    @Test func aTimeZoneSentTwiceIsRefused() async throws {
      try await Self.withSeenApp(WorldMiddleware()) { app in
        var fields = HTTPHeaders()
        fields.add(name: "Time-Zone", value: "Asia/Tokyo")
        fields.add(name: "time-zone", value: "Europe/Paris")
        let response = try await app.testing().sendRequest(.GET, "seen", headers: fields)
        #expect(response.status == .badRequest)
        struct Answer: Decodable { var reason: String }
        let answer = try response.content.decode(Answer.self)
        #expect(answer.reason.hasPrefix("Time-Zone: Asia/Tokyo, Europe/Paris is not"))
      }
    }

    /// The article's extension point (ExtensionPoint.swift), as it reads.
    @Test func theArticlesExtensionPointSetsTheRequestID() async throws {
      try await withApp { app in
        addWorlds(to: app)
        app.get("id") { _ in Current.requestID }
        for (fields, id) in [(["X-Request-ID": "r-1"], "r-1"), ([:], "missing")] {
          let response = try await app.testing().sendRequest(
            .GET, "id", headers: HTTPHeaders(fields.map { ($0.key, $0.value) }))
          #expect(response.body.string == id)
        }
      }
      #expect(Current.requestID == "none")
    }

    @Test func theUpdateClosureChangesTheRequestsWorldFromTheRequest() async throws {
      let middleware = WorldMiddleware { world, request in
        world.requestID = request.headers.first(name: "X-Request-ID") ?? "missing"
        if request.headers.first(name: "X-Request-ID") == "forbidden" {
          throw Abort(.forbidden, reason: "not you")
        }
      }
      try await withApp { app in
        app.middleware.use(middleware)
        app.get("id") { _ in Current.requestID }
        for id in ["r-1", "r-2"] {
          do {
            let response = try await app.testing().sendRequest(
              .GET, "id", headers: ["X-Request-ID": id])
            #expect(response.body.string == id)
          }
        }
        do {
          let response = try await app.testing().sendRequest(
            .GET, "id", headers: ["X-Request-ID": "forbidden"])
          #expect(response.status == .forbidden)
        }
      }
      #expect(Current.requestID == "none")
    }
  }
#endif
