import CurrentWorldHummingbird
import CurrentWorldTesting
import Foundation
import Greeter
import Hummingbird
import HummingbirdTesting
import Testing

@Test(.world) func todayIsWrittenInTheRequestsLanguageAndZone() async throws {
  let now = Date(timeIntervalSince1970: 1_768_487_400)
  Current.date = { now }
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "fr_FR")
  formatter.timeZone = TimeZone(identifier: "Pacific/Auckland")
  formatter.dateStyle = .full
  let app = Application(router: buildRouter())
  try await app.test(.router) { client in
    let response = try await client.execute(
      uri: "/today", method: .get,
      headers: [
        .acceptLanguage: "fr-FR",
        WorldMiddleware<BasicRequestContext>.timeZoneHeader: "Pacific/Auckland",
      ])
    #expect(String(buffer: response.body) == formatter.string(from: now))
  }
}
