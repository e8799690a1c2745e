import CurrentWorldTesting
import CurrentWorldVapor
import Foundation
import Greeter
import Testing
import Vapor
import VaporTesting

@Test(.world) func todayIsWrittenInTheRequestsLanguageAndZone() async throws {
  let now = Date(timeIntervalSince1970: 1_768_487_400)
  Current.date = { now }
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "fr_FR")
  formatter.timeZone = TimeZone(identifier: "Pacific/Auckland")
  formatter.dateStyle = .full
  try await withApp { app in
    routes(app)
    let response = try await app.testing().sendRequest(
      .GET, "today", headers: ["Accept-Language": "fr-FR", "Time-Zone": "Pacific/Auckland"])
    #expect(response.body.string == formatter.string(from: now))
  }
}
