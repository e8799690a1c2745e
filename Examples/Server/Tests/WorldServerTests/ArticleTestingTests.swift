import CurrentWorldHummingbird
import CurrentWorldTesting
import Hummingbird
import HummingbirdTesting
import Testing

@Test(.world) func aRequestSleepsOnTheTestsClockInItsOwnLanguage() async throws {
  let clock = TestClock()
  Current.clock = clock
  let router = Router()
  router.add(middleware: WorldMiddleware())
  router.get("later") { _, _ in
    try await Current.clock.sleep(for: .seconds(1))
    return Current.locale.identifier
  }
  try await Application(router: router).test(.router) { client in
    async let answer = client.execute(
      uri: "/later", method: .get, headers: [.acceptLanguage: "ja-JP"])
    // The request sleeps on the test's clock: advancing it wakes the
    // request, with no real waiting.
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    let response = try await answer
    #expect(String(buffer: response.body) == "ja_JP")
    #expect(response.headers[.contentLanguage] == "ja-JP")
  }
  // The test's own world never changed: only the request's did.
  #expect(Current.locale == World.test.locale)
}
