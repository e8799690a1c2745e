// The article "Backend APIs": the tests of the API client in
// WeatherSnippets.swift, each in a world of its own, as the article shows.
import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Test(.world) func decodesTheForecast() async throws {
  let client = HTTPClient(baseURL: URL(string: "https://weather.example")!) { request in
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

@Test(.world, .timeLimit(.minutes(1))) func aServerThatNeverAnswersTimesOut() async throws {
  let clock = TestClock()
  Current.clock = clock  // HTTPClient times out on Current.clock
  let client = HTTPClient(baseURL: URL(string: "https://weather.example")!) { _ in
    // Answers later than the test waits: cancelled at the timeout. (Not an
    // hour: if the timeout never fired, the test would fail, not hang.)
    try await Task.sleep(for: .seconds(45))
    throw CancellationError()
  }
  let call = Task { try await WeatherAPI.live(client: client).forecast("Lisbon") }
  await clock.waitForSleepers()  // the timeout is asleep on the test's clock
  await clock.advance(by: .seconds(HTTPClient.defaultTimeout))  // 30 s, with no real waiting
  let timedOut = APIError.timeout(
    url: URL(string: "https://weather.example/forecast?city=Lisbon")!)
  await #expect(throws: timedOut) { try await call.value }
}
