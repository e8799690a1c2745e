#if Hummingbird
  import CurrentWorldHummingbird
  import CurrentWorldTesting
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting
  import Testing

  /// A server that runs outside the test's task, on a real port: its
  /// requests start from the world the middleware was made in, and from
  /// nothing else. Without the middleware they see the process's world, so
  /// every test here fails.
  @Suite(.world, .timeLimit(.minutes(10))) struct ServerWorldTests {
    /// Runs `app` on a real port in a detached task, which inherits none of
    /// the test's world, and drives it with `body`.
    static func serveDetached<Result: Sendable>(
      _ app: some ApplicationProtocol & Sendable,
      _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Result
    ) async throws -> Result {
      // Expectations stay in the test's task, where they are its own: the
      // client only collects answers.
      try await Task.detached { try await app.test(.live, body) }.value
    }

    static func app(_ middleware: WorldMiddleware<BasicRequestContext>?) -> some ApplicationProtocol
    {
      Application(
        router: router(middleware), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    }

    /// Parallel tests, each with its own inline overrides, each serving on a
    /// port of its own from a detached task.
    @Test(arguments: 0..<12)
    func eachTestsServerAnswersInThatTestsWorld(_ index: Int) async throws {
      let date = serverDate.addingTimeInterval(TimeInterval(index) * 86_400)
      let locale = index.isMultiple(of: 2) ? "es_ES" : "ko_KR"
      Current.date = { date }
      Current.locale = Locale(identifier: locale)
      Current.timeZone = TimeZone(identifier: "Pacific/Auckland")!
      let app = Self.app(WorldMiddleware())
      let answers = try await Self.serveDetached(app) { client in
        var answers: [Seen] = []
        for _ in 0..<3 {
          answers.append(try decodeSeen(try await client.execute(uri: "/seen", method: .get)))
        }
        return answers
      }
      #expect(
        answers
          == Array(repeating: .expected(date, locale: locale, zone: "Pacific/Auckland"), count: 3))
    }

    /// Twenty language and zone pairs at once over one port: each answer is
    /// its own request's, never another's.
    @Test func concurrentRequestsEachAnswerInTheirOwnWorld() async throws {
      Current.date = { serverDate }
      let pairs = [
        ("es-AR", "America/Argentina/Buenos_Aires"), ("de-DE", "Europe/Berlin"),
        ("ja-JP", "Asia/Tokyo"),
        ("th-TH", "Asia/Bangkok"), ("fa-IR", "Asia/Tehran"), ("fr-CA", "America/Toronto"),
        ("ko-KR", "Asia/Seoul"), ("pt-BR", "America/Sao_Paulo"), ("hi-IN", "Asia/Kolkata"),
        ("ar-EG", "Africa/Cairo"), ("sv-SE", "Europe/Stockholm"), ("en-AU", "Australia/Sydney"),
        ("nb-NO", "Europe/Oslo"), ("it-IT", "Europe/Rome"), ("pl-PL", "Europe/Warsaw"),
        ("tr-TR", "Europe/Istanbul"), ("he-IL", "Asia/Jerusalem"), ("zh-Hans-CN", "Asia/Shanghai"),
        ("ru-RU", "Europe/Moscow"), ("en-US", "America/Los_Angeles"),
      ]
      let app = Self.app(WorldMiddleware())
      let answers = try await Self.serveDetached(app) { client in
        try await withThrowingTaskGroup(of: (Int, Seen).self) { group in
          for round in 0..<100 {
            let (language, zone) = pairs[round % pairs.count]
            group.addTask {
              let response = try await client.execute(
                uri: "/seen", method: .get, headers: headers(language: language, zone: zone))
              return (round, try decodeSeen(response))
            }
          }
          return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
      }
      #expect(answers.count == 100)
      for (round, answer) in answers {
        let (language, zone) = pairs[round % pairs.count]
        let locale = language.replacingOccurrences(of: "-", with: "_")
        #expect(answer == .expected(serverDate, locale: locale, zone: zone), "round \(round)")
      }
    }
  }
#endif
