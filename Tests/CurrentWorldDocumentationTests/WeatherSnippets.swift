// The recipe of the article "Backend APIs" for testing an API client of
// your own, compiled and run as tests.
import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking  // HTTPURLResponse and URLRequest, on Linux
#endif

struct Forecast: Decodable, Equatable {
  var summary: String
}

/// An app's own API client: a struct of closures, built on HTTPClient.
struct WeatherAPI: Sendable {
  var forecast: @Sendable (_ city: String) async throws -> Forecast

  static func live(client: HTTPClient) -> WeatherAPI {
    WeatherAPI(forecast: { city in
      try await client.decode(from: Endpoint(.get, "/forecast").query("city", city))
    })
  }
}

@Suite(.world, .timeLimit(.minutes(2))) struct WeatherAPITests {
  @Test func decodesTheForecast() async throws {
    let client = HTTPClient.world(baseURL: URL(string: "https://weather.example")!) { request in
      #expect(request.url?.query == "city=Lisbon")
      let body = Data(#"{"summary": "Sunny"}"#.utf8)
      return (
        body,
        HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
      )
    }
    let forecast = try await WeatherAPI.live(client: client).forecast("Lisbon")
    #expect(forecast == Forecast(summary: "Sunny"))
  }

  @Test func aServerThatNeverAnswersTimesOut() async throws {
    let clock = TestClock()
    Current.clock = clock  // HTTPClient.world times out on Current.clock
    let client = HTTPClient.world(baseURL: URL(string: "https://weather.example")!) { _ in
      try await Task.sleep(for: .seconds(3_600))  // never answers; cancelled at the timeout
      throw CancellationError()
    }
    let call = Task { try await WeatherAPI.live(client: client).forecast("Lisbon") }
    await clock.waitForSleepers()  // the timeout is asleep on the test's clock
    await clock.advance(by: .seconds(HTTPClient.defaultTimeout))  // 30 s, with no real waiting
    let timedOut = APIError.timeout(
      url: URL(string: "https://weather.example/forecast?city=Lisbon")!)
    await #expect(throws: timedOut) { try await call.value }
  }
}
