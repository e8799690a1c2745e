import CurrentWorld
import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Pokémon backend, an app-defined World dependency.
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

  /// The live API: `GET {baseURL}/api/v2/pokemon?limit={limit}`, returning
  /// the names in `results[].name`; its timeouts sleep on `Current.clock`.
  ///
  /// - Parameters:
  ///   - baseURL: Where the service is.
  ///   - limit: How many Pokémon to ask for.
  ///   - configuration: The requests' configuration, copied.
  public static func live(
    baseURL: URL = defaultBaseURL,
    limit: Int = 151,
    configuration: URLSessionConfiguration = .default
  ) -> PokemonsAPI {
    live(client: .live(baseURL: baseURL, configuration: configuration), limit: limit)
  }

  /// The live API over a client of your own: a staging base URL, or a
  /// fixture transport.
  ///
  /// ```swift
  /// let staging = HTTPClient.live(baseURL: URL(string: "https://staging.example")!)
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
