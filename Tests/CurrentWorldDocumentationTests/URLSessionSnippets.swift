// The article "Backend APIs", on plain URLSession code: a loader as apps
// already write them, reading Current.urlSession at each request;
// WeatherTests.swift replays it.
import CurrentWorld
import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct ForecastLoader {
  func forecast(city: String) async throws -> Forecast {
    var components = URLComponents(string: "https://weather.example/forecast")!
    components.queryItems = [URLQueryItem(name: "city", value: city)]
    let (data, _) = try await Current.urlSession.data(from: components.url!)
    return try JSONDecoder().decode(Forecast.self, from: data)
  }
}

/// The article's configuration for a library that makes its own session,
/// compiled but never run here.
func replayingConfiguration() -> URLSession {
  let configuration = URLSessionConfiguration.replaying("Recordings/forecast.har")
  return URLSession(configuration: configuration)  // or Alamofire's Session(configuration:)
}

/// The article's loader for a library that takes a session at init: it
/// reads `Current.urlSession` at each send.
struct CurrentSessionLoader: Sendable {
  /// Read at each send, never kept: each test's own session answers.
  func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    try await Current.urlSession.data(for: request)
  }
}
