import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A 429 or 503 carries how long the server asked the client to wait.
@Suite(.timeLimit(.minutes(10))) struct RetryAfterTests {
  static func status(
    _ code: Int, retryAfter: String?, now: Date = Date()
  ) async throws -> APIError? {
    let headers = retryAfter.map { ["Retry-After": $0] } ?? [:]
    let server = try LoopbackServer { _ in .respond(status: code, headers: headers, body: Data()) }
    defer { server.stop() }
    var client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)
    client.now = { now }
    do {
      _ = try await client.data(for: Endpoint(.get, "/busy"))
      return nil
    } catch {
      return error
    }
  }

  static func retryAfter(_ error: APIError?) -> Duration?? {
    guard case .status(_, _, _, let retryAfter) = error else { return nil }
    return .some(retryAfter)
  }

  /// `date` as an HTTP date, by the platform's own formatter.
  static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }

  @Test func a429CarriesItsDelayInSeconds() async throws {
    let error = try await Self.status(429, retryAfter: "30")
    #expect(Self.retryAfter(error) == .some(.seconds(30)))
    #expect(error?.description.contains("HTTP status 429 (retry after 30 seconds)") == true)
  }

  @Test func a503CarriesAnHTTPDateMeasuredFromTheClientsNow() async throws {
    let now = Date(timeIntervalSince1970: 1_768_487_400)
    let header = Self.httpDate(now.addingTimeInterval(120))
    let error = try await Self.status(503, retryAfter: header, now: now)
    #expect(Self.retryAfter(error) == .some(.seconds(120)), "\(header)")
  }

  /// Promise: a date part of a second away is waited for in whole: the
  /// delay rounds up, so a client never retries before the date.
  @Test func aDateBetweenSecondsRoundsUp() async throws {
    let date = Date(timeIntervalSince1970: 1_768_487_520)
    let header = Self.httpDate(date)
    let error = try await Self.status(503, retryAfter: header, now: date.addingTimeInterval(-59.5))
    #expect(Self.retryAfter(error) == .some(.seconds(60)), "\(header)")
  }

  @Test func aDateInThePastMeansRetryNow() async throws {
    let now = Date(timeIntervalSince1970: 1_768_487_400)
    let error = try await Self.status(
      503, retryAfter: "Thu, 01 Jan 1970 00:00:00 GMT", now: now)
    #expect(Self.retryAfter(error) == .some(.zero))
  }

  @Test(arguments: [(500, "30"), (429, "soon"), (429, "-5"), (404, "10")])
  func otherStatusesAndBadValuesCarryNone(_ code: Int, _ value: String) async throws {
    let error = try await Self.status(code, retryAfter: value)
    #expect(Self.retryAfter(error) == .some(nil), "\(code) \(value)")
  }

  /// Found by the response fuzz target: a date with a combining mark and
  /// replacement characters stopped the process inside corelibs
  /// Foundation's `DateFormatter` ("Incorrect range CFRange"). An HTTP date
  /// is ASCII, so such a value carries no delay, and nothing stops. Run in
  /// a child process, so that a stop fails this test by name instead of
  /// ending the whole run: exit code 1 says a delay was read, 2 that the
  /// call did not fail.
  @Test func aDateThatIsNotASCIICarriesNone() async {
    await #expect(processExitsWith: .success) {
      let value = "Wed, 20\u{0670}\u{FFFD}\u{FFFD} 01 0:8:0 GMT"
      let client = HTTPClient(baseURL: URL(string: "https://api.example")!) { request in
        let response = HTTPURLResponse(
          url: request.url!, statusCode: 503, httpVersion: "HTTP/1.1",
          headerFields: ["Retry-After": value])!
        return (Data(), response)
      }
      do {
        _ = try await client.data(for: Endpoint(.get, "/busy"))
      } catch let error as APIError {
        guard RetryAfterTests.retryAfter(error) == .some(nil) else { exit(1) }
        return
      }
      exit(2)
    }
  }

  @Test func a429WithoutTheHeaderCarriesNone() async throws {
    #expect(Self.retryAfter(try await Self.status(429, retryAfter: nil)) == .some(nil))
  }
}
