#if Vapor
  import CurrentWorldTesting
  import CurrentWorldVapor
  import Foundation
  import Vapor
  import XCTest

  /// The seeds' style: a plain `XCTestCase` that writes `Current` inline, then
  /// serves on a real port, where NIO's threads answer.
  final class PlainXCTestCaseTests: XCTestCase {
    func testAServerMadeInTheTestAnswersInItsWorld() async throws {
      Current.date = { serverDate }
      Current.locale = Locale(identifier: "ko_KR")
      Current.timeZone = TimeZone(identifier: "Asia/Seoul")!
      let (plain, asked) = try await ServerWorldTests.serve { get in
        let plain = try await get("seen", [:]).content.decode(Seen.self)
        let asked = try await get(
          "seen", headers(language: "es-AR", zone: "America/Argentina/Buenos_Aires")
        ).content.decode(Seen.self)
        return (plain, asked)
      }
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
