// The article "Backend APIs": an API client of your own, as the article
// shows the whole file; WeatherTests.swift tests it.
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
