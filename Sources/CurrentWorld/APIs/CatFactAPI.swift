import Foundation

#if LiveAPIs
  public import CurrentWorldHTTP
#endif

#if canImport(FoundationNetworking) && LiveAPIs
  import FoundationNetworking
#endif

/// The cat fact backend, as a struct of closures.
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
}

#if LiveAPIs
  extension CatFactAPI {
    /// The live API: `GET {baseURL}/fact`, decoded as a ``CatFact``.
    ///
    /// - Parameters:
    ///   - baseURL: Where the service is.
    ///   - configuration: The requests' configuration, copied.
    /// - Returns: The API. Its errors are `APIError`s, from CurrentWorldHTTP;
    ///   import that module to match on them. Its timeouts sleep on
    ///   `Current.clock`.
    public static func live(
      baseURL: URL = defaultBaseURL,
      configuration: URLSessionConfiguration = .default
    ) -> CatFactAPI {
      live(client: .world(baseURL: baseURL, configuration: configuration))
    }

    /// The live API over a client of your own: a staging base URL, a
    /// fixture transport, or `HTTPClient.world(baseURL:configuration:timeout:token:)`, whose
    /// timeouts sleep on `Current.clock`.
    public static func live(client: HTTPClient) -> CatFactAPI {
      CatFactAPI(fetchFact: {
        try await client.decode(CatFact.self, from: Endpoint(.get, "/fact"))
      })
    }
  }
#endif
