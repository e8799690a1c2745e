import CurrentWorld
import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The cat fact backend, an app-defined World dependency, declared the way
/// every app declares its APIs: a struct of closures, a ``WorldKey`` and a
/// property on `World`.
///
/// ```swift
/// let fact = try await Current.catFactAPI.fetchFact()
///
/// // In a test:
/// Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
/// ```
public struct CatFactAPI: Sendable {
  /// Fetches one fact.
  public var fetchFact: @Sendable () async throws -> CatFact

  /// An API from its closures.
  public init(fetchFact: @escaping @Sendable () async throws -> CatFact) {
    self.fetchFact = fetchFact
  }

  /// The public service's address, `https://catfact.ninja`.
  public static let defaultBaseURL = URL(string: "https://catfact.ninja")!

  /// The live API: `GET {baseURL}/fact`, decoded as a ``CatFact``, whose
  /// timeouts sleep on `Current.clock`.
  ///
  /// - Parameters:
  ///   - baseURL: Where the service is.
  ///   - configuration: The requests' configuration, copied.
  public static func live(
    baseURL: URL = defaultBaseURL,
    configuration: URLSessionConfiguration = .default
  ) -> CatFactAPI {
    live(client: .live(baseURL: baseURL, configuration: configuration))
  }

  /// The live API over a client of your own: a staging base URL, or a
  /// fixture transport (`HTTPClient(baseURL:timeout:token:transport:)`).
  public static func live(client: HTTPClient) -> CatFactAPI {
    CatFactAPI(fetchFact: {
      try await client.decode(CatFact.self, from: Endpoint(.get, "/fact"))
    })
  }
}
