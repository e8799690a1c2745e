#if Hummingbird
  import CurrentWorldHummingbird
  import CurrentWorldTesting
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import XCTest

  /// The seeds' style: a plain `XCTestCase` that writes `Current` inline, then
  /// serves on a real port from a detached task.
  final class PlainXCTestCaseTests: XCTestCase {
    func testAServerMadeInTheTestAnswersInItsWorld() async throws {
      Current.date = { serverDate }
      Current.locale = Locale(identifier: "ko_KR")
      Current.timeZone = TimeZone(identifier: "Asia/Seoul")!
      let app = Application(
        router: router(WorldMiddleware()),
        configuration: .init(address: .hostname("127.0.0.1", port: 0)))
      let (plain, asked) = try await Task.detached {
        try await app.test(.live) { client in
          let plain = try decodeSeen(try await client.execute(uri: "/seen", method: .get))
          let asked = try decodeSeen(
            try await client.execute(
              uri: "/seen", method: .get,
              headers: headers(language: "es-AR", zone: "America/Argentina/Buenos_Aires")))
          return (plain, asked)
        }
      }.value
      XCTAssertEqual(plain, .expected(serverDate, locale: "ko_KR", zone: "Asia/Seoul"))
      XCTAssertEqual(
        asked, .expected(serverDate, locale: "es_AR", zone: "America/Argentina/Buenos_Aires"))
    }

    func testTheNextTestDoesNotSeeTheFirstOnesWrites() {
      XCTAssertNotEqual(Current.locale.identifier, "ko_KR", "the other test's write leaked")
      XCTAssertNotEqual(Current.timeZone.identifier, "Asia/Seoul", "the other test's write leaked")
    }
  }
#endif
