#if Vapor
  import CurrentWorldTesting
  import CurrentWorldVapor
  import Foundation
  import Testing
  import Vapor
  import VaporTesting

  /// A server that runs outside the test's task, on a real port: its
  /// requests start from the world the middleware was made in, and from
  /// nothing else. Without the middleware they see the process's world, so
  /// every test here fails.
  @Suite(.world, .timeLimit(.minutes(10))) struct ServerWorldTests {
    static let pairs = [
      ("es-AR", "America/Argentina/Buenos_Aires"), ("de-DE", "Europe/Berlin"),
      ("ja-JP", "Asia/Tokyo"),
      ("th-TH", "Asia/Bangkok"), ("fa-IR", "Asia/Tehran"), ("fr-CA", "America/Toronto"),
      ("ko-KR", "Asia/Seoul"), ("pt-BR", "America/Sao_Paulo"), ("hi-IN", "Asia/Kolkata"),
      ("ar-EG", "Africa/Cairo"), ("sv-SE", "Europe/Stockholm"), ("en-AU", "Australia/Sydney"),
      ("nb-NO", "Europe/Oslo"), ("it-IT", "Europe/Rome"), ("pl-PL", "Europe/Warsaw"),
      ("tr-TR", "Europe/Istanbul"), ("he-IL", "Asia/Jerusalem"), ("zh-Hans-CN", "Asia/Shanghai"),
      ("ru-RU", "Europe/Moscow"), ("en-US", "America/Los_Angeles"),
    ]

    /// Makes the app here, in the test's world, serves it on a real port,
    /// where NIO's threads answer, outside every task, and collects what
    /// `body` asks of it through `get(path, headers)`.
    static func serve<Result: Sendable>(
      _ body:
        @escaping @Sendable (
          _ get: @escaping @Sendable (String, HTTPHeaders) async throws -> ClientResponse
        ) async throws -> Result
    ) async throws -> Result {
      let app = try await Application.make(.testing)
      app.middleware.use(WorldMiddleware())
      app.get("seen") { _ in Seen.current }
      app.get("streamed") { req async in
        Response(
          body: Response.Body(
            asyncStream: { writer in
              try await writer.write(.buffer(ByteBuffer(string: Current.locale.identifier)))
              try await Task.sleep(for: .milliseconds(1))
              try await writer.write(.buffer(ByteBuffer(string: " " + Current.timeZone.identifier)))
              try await writer.write(.end)
            }, in: req))
      }
      let result: Swift.Result<Result, any Error>
      do {
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        let port = try #require(app.http.server.shared.localAddress?.port)
        let client = app.client
        result = .success(
          try await body { path, headers in
            try await client.get(URI(string: "http://127.0.0.1:\(port)/\(path)"), headers: headers)
          })
      } catch {
        result = .failure(error)
      }
      await app.server.shutdown()
      try await app.asyncShutdown()
      return try result.get()
    }

    @Test(arguments: 0..<8)
    func eachTestsServerAnswersInThatTestsWorld(_ index: Int) async throws {
      let date = serverDate.addingTimeInterval(TimeInterval(index) * 86_400)
      let locale = index.isMultiple(of: 2) ? "es_ES" : "ko_KR"
      Current.date = { date }
      Current.locale = Locale(identifier: locale)
      Current.timeZone = TimeZone(identifier: "Pacific/Auckland")!
      let answers = try await Self.serve { get in
        var answers: [Seen] = []
        for _ in 0..<3 {
          answers.append(try await get("seen", [:]).content.decode(Seen.self))
        }
        return answers
      }
      #expect(
        answers
          == Array(repeating: .expected(date, locale: locale, zone: "Pacific/Auckland"), count: 3))
    }

    /// Twenty language and zone pairs at once over one port, and streamed
    /// bodies: each answer is its own request's, never another's.
    @Test func concurrentRequestsEachAnswerInTheirOwnWorld() async throws {
      Current.date = { serverDate }
      let (seen, streamed) = try await Self.serve { get in
        try await withThrowingTaskGroup(of: (Int, Seen?, String?).self) { group in
          for round in 0..<200 {
            let (language, zone) = Self.pairs[round % Self.pairs.count]
            group.addTask {
              let asked = headers(language: language, zone: zone)
              if round.isMultiple(of: 2) {
                return (round, try await get("seen", asked).content.decode(Seen.self), nil)
              }
              let body = try await get("streamed", asked).body
              return (round, nil, body.map { String(buffer: $0) })
            }
          }
          var seen: [Int: Seen] = [:]
          var streamed: [Int: String] = [:]
          for try await (round, answer, text) in group {
            seen[round] = answer
            streamed[round] = text
          }
          return (seen, streamed)
        }
      }
      #expect(seen.count == 100)
      #expect(streamed.count == 100)
      for (round, answer) in seen {
        let (language, zone) = Self.pairs[round % Self.pairs.count]
        let locale = language.replacingOccurrences(of: "-", with: "_")
        #expect(answer == .expected(serverDate, locale: locale, zone: zone), "round \(round)")
      }
      for (round, text) in streamed {
        let (language, zone) = Self.pairs[round % Self.pairs.count]
        #expect(
          text == language.replacingOccurrences(of: "-", with: "_") + " " + zone, "round \(round)")
      }
    }
  }
#endif
