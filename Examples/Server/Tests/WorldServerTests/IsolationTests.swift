import CurrentWorldHummingbird
import CurrentWorldTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WorldServer

/// Tests that run in parallel each override `Current` inline, and each
/// one's requests see exactly its overrides, never another test's.
@Suite(.world, .timeLimit(.minutes(1))) struct IsolationTests {
  @Test(arguments: 0..<24)
  func eachTestsRequestsSeeItsOwnOverrides(_ index: Int) async throws {
    let date = serverDate.addingTimeInterval(TimeInterval(index) * 86_400)
    let fact = CatFact(fact: "fact \(index)", length: index)
    Current.date = { date }
    Current.catFactAPI.fetchFact = { fact }
    Current.locale = Locale(identifier: index.isMultiple(of: 2) ? "es_ES" : "ko_KR")
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      for _ in 0..<5 {
        async let now = client.execute(uri: "/now", method: .get)
        async let catFact = client.execute(uri: "/catfact", method: .get)
        let body = try decodeNow(try await now)
        let locale = index.isMultiple(of: 2) ? "es_ES" : "ko_KR"
        #expect(body.text == platformFullText(date, locale: locale, zone: "UTC"))
        let answer = try JSONDecoder().decode(
          CatFact.self, from: Data(String(buffer: try await catFact.body).utf8))
        #expect(answer == fact)
      }
    }
  }
}
