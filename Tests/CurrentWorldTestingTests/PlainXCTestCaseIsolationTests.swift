import CurrentWorld
import Foundation
import XCTest

/// Two tests in the seeds' style: a plain `XCTestCase` that writes `Current`
/// inline. Whichever runs second must not see the other's writes: XCTest's
/// observer puts the process-wide world back after each test. `ProbeTests`
/// also runs this class alone in a fresh process.
final class PlainXCTestCaseIsolationTests: XCTestCase {
  func testAWritesCurrentInline() {
    XCTAssertNotEqual(Current.locale.identifier, "ja_JP", "test B's write leaked")
    XCTAssertNotEqual(Current.score, 2, "test B's write leaked")
    Current.locale = Locale(identifier: "es_AR")
    Current.score = 1
    XCTAssertEqual(Current.score, 1)
  }

  func testBChecksWhatTheFirstOneOverrode() {
    XCTAssertNotEqual(Current.locale.identifier, "es_AR", "test A's write leaked")
    XCTAssertNotEqual(Current.score, 1, "test A's write leaked")
    Current.locale = Locale(identifier: "ja_JP")
    Current.score = 2
    XCTAssertEqual(Current.score, 2)
  }
}
