import CurrentWorldHummingbird
import CurrentWorldTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WorldServer

/// `GET /countdown?from=N` streams N lines, one a second on `Current.clock`,
/// after the handler has returned: each line is still in the request's
/// world, and a `TestClock` drives it with no real waiting.
@Suite(.world, .timeLimit(.minutes(1))) struct CountdownTests {
  @Test func theLinesComeOnTheTestClockInTheRequestsWorld() async throws {
    let clock = TestClock()
    Current.clock = clock
    Current.date = { serverDate }
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      async let answer = client.execute(
        uri: "/countdown?from=3", method: .get,
        headers: headers(language: "ja-JP", zone: "Asia/Tokyo"))
      // Two sleeps of one second each, between the three lines.
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
      await clock.waitForSleepers(1)
      await clock.advance(by: .seconds(1))
      let response = try await answer
      #expect(response.status == .ok)
      #expect(response.headers[.contentLanguage] == "ja-JP")
      let lines = String(buffer: response.body).split(separator: "\n").map(String.init)
      #expect(
        lines
          == (1...3).reversed().map {
            platformCountdownLine($0, at: serverDate, locale: "ja_JP", zone: "Asia/Tokyo")
          })
      // The test's own world never changed: only the request's did.
      #expect(Current.locale == World.test.locale)
    }
    try await clock.checkSuspension()
  }

  @Test(arguments: [
    ("/countdown", "Say where to count from"),
    ("/countdown?from=0", "from=0 is not a whole number from 1 to 600"),
    ("/countdown?from=601", "from=601 is not a whole number"),
    ("/countdown?from=two", "from=two is not a whole number"),
  ])
  func aBadCountIsABadRequestNamingTheParameter(_ uri: String, _ message: String) async throws {
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: uri, method: .get)
      #expect(response.status == .badRequest)
      let error = try decodeError(response)
      #expect(error.parameter == "from")
      #expect(error.error.contains(message))
    }
  }
}
