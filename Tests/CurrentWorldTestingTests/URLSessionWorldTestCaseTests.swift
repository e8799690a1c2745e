import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `Current.urlSession` in a `WorldTestCase`. `URLSession` answers on a
/// thread of its own, and a `WorldTestCase` records what is reported there
/// as its test ends, after the test's body and teardown: so this class
/// keeps the session's failures and checks them in `invokeTest`, after the
/// test has ended and before XCTest moves on.
final class URLSessionWorldTestCaseTests: FailureKeepingTestCase {
  private var sessionFailures: [String] = []

  /// A failure about `Current.urlSession` is kept; any other one fails.
  override func keeps(_ message: String, file: String, line: Int) -> Bool {
    guard message.contains("was sent through Current.urlSession") else { return false }
    sessionFailures.append(message)
    return true
  }

  override func invokeTest() {
    super.invokeTest()
    if name.contains("testAnUnarrangedRequestFailsThisTest") {
      XCTAssertEqual(sessionFailures.count, 1, "\(sessionFailures)")
      XCTAssertTrue(
        sessionFailures.first?.contains(#"Current.urlSession = .replaying("Recordings/name.har")"#)
          == true, "\(sessionFailures)")
    } else {
      XCTAssertEqual(sessionFailures, [])
    }
  }

  static let url = URL(string: "https://api.example/today")!

  /// A request through the test world's unarranged session throws, and
  /// fails this test naming the fix (checked in `invokeTest`).
  func testAnUnarrangedRequestFailsThisTest() async {
    do {
      _ = try await Current.urlSession.data(from: Self.url)
      XCTFail("the unarranged session answered")
    } catch {
      XCTAssertTrue(error is URLError, "\(error)")
    }
  }

  /// The fix: a test replays its recording through the code's own
  /// `Current.urlSession`, and nothing fails.
  func testAReplayAnswersThroughCurrent() async throws {
    let archive = try HTTPArchive(
      data: Data(
        #"""
        {"log":{"version":"1.2","entries":[{"request":{"method":"GET","url":"\#(Self.url)"},
         "response":{"status":200,"headers":[],"content":{"mimeType":"text/plain","text":"sunny"}}}]}}
        """#.utf8))
    Current.urlSession = .replaying(.archive(archive))
    let (data, _) = try await Current.urlSession.data(from: Self.url)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "sunny")
  }
}
