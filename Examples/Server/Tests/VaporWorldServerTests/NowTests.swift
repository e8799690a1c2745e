import CurrentWorldTesting
import CurrentWorldVapor
import Foundation
import Testing
import Vapor
import VaporTesting
import VaporWorldServer

/// The contract the load check drives, on Vapor: `/now` and `/countdown`
/// answer in each request's own world, checked against the platform's
/// own formatter.
@Suite(.world, .timeLimit(.minutes(1))) struct NowTests {
  static let date = Date(timeIntervalSince1970: 1_768_487_400)

  static func platformFullText(locale: String, zone: String) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateStyle = .full
    formatter.timeStyle = .full
    return formatter.string(from: date)
  }

  @Test(arguments: [
    ("es-AR", "es_AR", "America/Argentina/Buenos_Aires"), ("th-TH", "th_TH", "Asia/Bangkok"),
    ("ja-JP", "ja_JP", "Asia/Tokyo"),
  ])
  func nowAnswersInTheRequestsLocaleAndZone(_ tag: String, _ locale: String, _ zone: String)
    async throws
  {
    Current.date = { Self.date }
    try await withApp { app in
      configure(app, ServerOptions())
      var headers = HTTPHeaders()
      headers.add(name: .acceptLanguage, value: tag)
      headers.add(name: "Time-Zone", value: zone)
      let response = try await app.testing().sendRequest(.GET, "now", headers: headers)
      #expect(
        try response.content.decode(NowBody.self)
          == NowBody(
            text: Self.platformFullText(locale: locale, zone: zone), locale: tag, timeZone: zone))
    }
  }

  @Test func theCountdownStreamsInTheRequestsWorldOnARealPort() async throws {
    Current.date = { Self.date }
    Current.clock = ImmediateClock()
    try await withApp { app in
      configure(app, ServerOptions())
      var headers = HTTPHeaders()
      headers.add(name: .acceptLanguage, value: "de-DE")
      headers.add(name: "Time-Zone", value: "Europe/Berlin")
      let response = try await app.testing(method: .running(port: 0))
        .sendRequest(.GET, "countdown?from=2", headers: headers)
      let lines = response.body.string.split(separator: "\n")
      #expect(lines.count == 2)
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "de_DE")
      formatter.timeZone = TimeZone(identifier: "Europe/Berlin")
      formatter.dateStyle = .none
      formatter.timeStyle = .long
      #expect(lines.allSatisfy { $0.hasSuffix(" · " + formatter.string(from: Self.date)) })
    }
  }

  @Test func badOptionsSayWhatIsWrong() throws {
    #expect(throws: ServerOptions.UsageError.self) {
      try ServerOptions(arguments: ["--port", "x"])
    }
    #expect(throws: ServerOptions.UsageError.self) {
      try ServerOptions(arguments: ["--date", "yesterday"])
    }
    #expect(throws: ServerOptions.UsageError.self) {
      try ServerOptions(arguments: ["--no-world"])
    }
  }
}
