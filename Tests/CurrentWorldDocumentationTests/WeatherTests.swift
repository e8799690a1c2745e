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

@Test(.world) func decodesARecordedForecast() async throws {
  let client = HTTPClient.live(baseURL: URL(string: "https://weather.example")!)
  // Recordings/forecast.har sits next to this test file.
  let weather = WeatherAPI.live(client: client.replaying("Recordings/forecast.har"))
  #expect(try await weather.forecast("Lisbon") == Forecast(summary: "Sunny"))
}

@Test(.world) func replaysAForecastThroughURLSession() async throws {
  Current.urlSession = .replaying("Recordings/forecast.har")
  let forecast = try await ForecastLoader().forecast(city: "Lisbon")
  #expect(forecast == Forecast(summary: "Sunny"))
}

@Test(.world) func expectsARequestTheRecordingLacks() async throws {
  Current.urlSession = .replaying(.file("Recordings/forecast.har", mode: .replayThrowingMisses))
  await #expect(throws: APIError.self) {
    try await Current.urlSession.data(from: URL(string: "https://weather.example/unknown")!)
  }
}

/// A loader kept for the whole process, as apps keep clients: it reads
/// `Current.urlSession` at each send, so each test's own session answers.
let keptLoader = CurrentSessionLoader()

@Test(.world) func aKeptLoaderAnswersFromEachTestsRecording() async throws {
  Current.urlSession = .replaying("Recordings/forecast.har")
  let url = URL(string: "https://weather.example/forecast?city=Lisbon")!
  let (data, _) = try await keptLoader.data(for: URLRequest(url: url))
  #expect(try JSONDecoder().decode(Forecast.self, from: data) == Forecast(summary: "Sunny"))
}

/// The article's recording setup, compiled but never run here: it would
/// send requests.
func recordTheForecast() async throws {
  let client = HTTPClient.live(
    baseURL: URL(string: "https://weather.example")!,
    token: { ProcessInfo.processInfo.environment["WEATHER_TOKEN"] })
  let weather = WeatherAPI.live(
    client: client.replaying(
      .file(
        "Recordings/forecast.har", mode: .recordIfMissing,
        redacting: HARRedaction(queryItems: ["device"], jsonFields: ["refreshToken"]))))
  _ = try await weather.forecast("Lisbon")
}

@Test(.world, .timeLimit(.minutes(10))) func aServerThatNeverAnswersTimesOut() async throws {
  let clock = TestClock()
  Current.clock = clock  // HTTPClient times out on Current.clock
  let client = HTTPClient(baseURL: URL(string: "https://weather.example")!) { _ in
    // Answers an hour later, on the test's clock too: cancelled at the
    // timeout, however slowly a busy machine runs the test.
    try await clock.sleep(for: .seconds(3_600))
    throw CancellationError()
  }
  // A child task: if the timeout never fired, the test's time limit would
  // cancel the call, and the test would fail rather than hang.
  async let forecast = WeatherAPI.live(client: client).forecast("Lisbon")
  await clock.waitForSleepers(2)  // the timeout and the server, asleep on the test's clock
  await clock.advance(by: .seconds(HTTPClient.defaultTimeout))  // 30 s, with no real waiting
  do {
    _ = try await forecast
    Issue.record("The call answered instead of timing out.")
  } catch let error as APIError {
    #expect(error == .timeout(url: URL(string: "https://weather.example/forecast?city=Lisbon")!))
  }
}

// The article "Which client, which line": an HTTPClient's replay in one line.
@Test(.world) func anHTTPClientReplaysInOneLine() async throws {
  let client = HTTPClient.live(baseURL: URL(string: "https://weather.example")!)
  let replaying = client.replaying("Recordings/forecast.har")
  let data = try await replaying.data(for: Endpoint(.get, "/forecast").query("city", "Lisbon"))
  #expect(String(decoding: data, as: UTF8.self) == #"{"summary":"Sunny"}"#)
}
