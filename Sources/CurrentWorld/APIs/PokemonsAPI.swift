import Foundation

#if LiveAPIs
  public import CurrentWorldHTTP
#endif

#if canImport(FoundationNetworking) && LiveAPIs
  import FoundationNetworking
#endif

/// The Pokémon backend, as a struct of closures.
///
/// ```swift
/// let names = try await Current.pokemonsAPI.fetchPokemons()
///
/// // In a test:
/// Current.pokemonsAPI.fetchPokemons = { ["bulbasaur", "ivysaur"] }
/// ```
public struct PokemonsAPI: Sendable {
  /// Fetches the names of the first Pokémon.
  public var fetchPokemons: @Sendable () async throws -> [String]

  /// An API from its closures.
  public init(fetchPokemons: @escaping @Sendable () async throws -> [String]) {
    self.fetchPokemons = fetchPokemons
  }

  /// The public service's address, `https://pokeapi.co`.
  public static let defaultBaseURL = URL(string: "https://pokeapi.co")!
}

#if LiveAPIs
  extension PokemonsAPI {
    /// The live API: `GET {baseURL}/api/v2/pokemon?limit={limit}`, returning
    /// the names in `results[].name`.
    ///
    /// - Parameters:
    ///   - baseURL: Where the service is.
    ///   - limit: How many Pokémon to ask for.
    ///   - configuration: The requests' configuration, copied.
    /// - Returns: The API. Its errors are `APIError`s, from CurrentWorldHTTP;
    ///   import that module to match on them. Its timeouts sleep on
    ///   `Current.clock`.
    public static func live(
      baseURL: URL = defaultBaseURL,
      limit: Int = 151,
      configuration: URLSessionConfiguration = .default
    ) -> PokemonsAPI {
      live(client: .world(baseURL: baseURL, configuration: configuration), limit: limit)
    }

    /// The live API over a client of your own: a staging base URL, a
    /// fixture transport, or `HTTPClient.world(baseURL:configuration:timeout:token:)`, whose
    /// timeouts sleep on `Current.clock`.
    ///
    /// ```swift
    /// let staging = HTTPClient.world(baseURL: URL(string: "https://staging.example")!)
    /// Current.pokemonsAPI = .live(client: staging, limit: 20)
    /// ```
    public static func live(client: HTTPClient, limit: Int = 151) -> PokemonsAPI {
      PokemonsAPI(fetchPokemons: {
        let endpoint = Endpoint(.get, "/api/v2/pokemon").query("limit", String(limit))
        return try await client.decode(Page.self, from: endpoint).results.map(\.name)
      })
    }

    /// The shape of `GET /api/v2/pokemon`, as far as this API reads it.
    struct Page: Decodable {
      struct Entry: Decodable { let name: String }
      let results: [Entry]
    }
  }
#endif
