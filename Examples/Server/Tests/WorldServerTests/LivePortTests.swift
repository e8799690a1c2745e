import CurrentWorldHummingbird
import CurrentWorldTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WorldServer

/// The same contract over a real listening port: requests reach the
/// server through the network, on the server's own tasks.
@Suite(.world, .timeLimit(.minutes(1))) struct LivePortTests {
  @Test func nowAndTheCountdownOverARealPort() async throws {
    Current.date = { serverDate }
    Current.clock = ImmediateClock()
    var options = ServerOptions()
    options.port = 0
    let app = buildApplication(options)
    try await app.test(.live) { client in
      let now = try await client.execute(
        uri: "/now", method: .get, headers: headers(language: "es-AR", zone: "Asia/Tokyo"))
      #expect(now.status == .ok)
      #expect(
        try decodeNow(now)
          == NowBody(
            text: platformFullText(serverDate, locale: "es_AR", zone: "Asia/Tokyo"),
            locale: "es-AR", timeZone: "Asia/Tokyo"))

      let countdown = try await client.execute(
        uri: "/countdown?from=2", method: .get,
        headers: headers(language: "de-DE", zone: "Europe/Berlin"))
      #expect(countdown.headers[.transferEncoding] == "chunked")
      #expect(
        String(buffer: countdown.body).split(separator: "\n").map(String.init) == [
          platformCountdownLine(2, at: serverDate, locale: "de_DE", zone: "Europe/Berlin"),
          platformCountdownLine(1, at: serverDate, locale: "de_DE", zone: "Europe/Berlin"),
        ])

      let badZone = try await client.execute(
        uri: "/now", method: .get, headers: headers(zone: "Nowhere/Special"))
      #expect(badZone.status == .badRequest)
      #expect(try decodeHTTPErrorMessage(badZone).hasPrefix("Time-Zone: Nowhere/Special"))
    }
  }
}
