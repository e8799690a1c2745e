import Foundation

#if canImport(FoundationNetworking)
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
  ///
  /// ```swift
  /// let names = try await Current.pokemonsAPI.fetchPokemons()
  /// ```
  public var fetchPokemons: @Sendable () async throws -> [String]

  /// An API from its closures.
  ///
  /// ```swift
  /// let api = PokemonsAPI(fetchPokemons: { ["pikachu"] })
  /// ```
  public init(fetchPokemons: @escaping @Sendable () async throws -> [String]) {
    self.fetchPokemons = fetchPokemons
  }

  /// The public service's address, `https://pokeapi.co`.
  ///
  /// ```swift
  /// let api = PokemonsAPI.live(baseURL: PokemonsAPI.defaultBaseURL)
  /// ```
  public static let defaultBaseURL = URL(string: "https://pokeapi.co")!

  /// The live API: `GET {baseURL}/api/v2/pokemon?limit={limit}`, returning
  /// the names in `results[].name`.
  ///
  /// ```swift
  /// let api = PokemonsAPI.live(limit: 20)
  /// ```
  ///
  /// - Parameters:
  ///   - baseURL: Where the service is.
  ///   - limit: How many Pokémon to ask for.
  ///   - session: The session that sends requests.
  /// - Returns: The API; its errors are ``APIError``s.
  public static func live(
    baseURL: URL = defaultBaseURL,
    limit: Int = 151,
    session: URLSession = .shared
  ) -> PokemonsAPI {
    live(client: .live(baseURL: baseURL, session: session), limit: limit)
  }

  /// The live API over `client`, whose transport tests can replace.
  ///
  /// ```swift
  /// let api = PokemonsAPI.live(client: stubbedClient, limit: 3)
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
