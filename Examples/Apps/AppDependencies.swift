import CurrentWorld
import Foundation

/// The example apps' dependencies, one `static let` each, read as fields of
/// `Current`: `Current.catFactAPI`, `Current.analytics`. Each client is
/// declared in its app's folder.
public enum AppDependencies {
  /// The cat fact backend: the service in a live world; in a test world,
  /// unimplemented until the test overrides it.
  public static let catFactAPI = WorldDependency(
    live: CatFactAPI.live(),
    test: CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact")))

  /// The Pokémon backend: the service in a live world; in a test world,
  /// unimplemented until the test overrides it.
  public static let pokemonsAPI = WorldDependency(
    live: PokemonsAPI.live(),
    test: PokemonsAPI(fetchPokemons: unimplemented("Current.pokemonsAPI.fetchPokemons")))

  /// The movie backend.
  ///
  /// ```swift
  /// Current.moviesAPI.fetchMovies = { [] }
  /// ```
  public static let moviesAPI = WorldDependency(
    live: MoviesAPI.live(
      client: .live(
        baseURL: MoviesAPI.defaultBaseURL,
        token: { ProcessInfo.processInfo.environment["TMDB_API_TOKEN"] })),
    test: MoviesAPI(fetchMovies: unimplemented("Current.moviesAPI.fetchMovies")))

  /// The local movie store.
  ///
  /// ```swift
  /// Current.moviesDatabase = .inMemory([Movie(id: 1, title: "Zama", year: 2017)])
  /// ```
  public static let moviesDatabase = WorldDependency(
    live: MoviesDatabase.inMemory(),
    test: MoviesDatabase(
      fetchMovies: unimplemented("Current.moviesDatabase.fetchMovies"),
      saveMovies: unimplemented("Current.moviesDatabase.saveMovies")))

  /// Product analytics.
  ///
  /// ```swift
  /// Current.analytics.track = { event in events.append(event) }
  /// ```
  public static let analytics = WorldDependency(
    live: Analytics(track: { event in
      FileHandle.standardError.write(Data("[analytics] \(event)\n".utf8))
    }),
    test: Analytics(track: unimplemented("Current.analytics.track", placeholder: ())))

  /// The book search backend.
  ///
  /// ```swift
  /// Current.booksAPI.searchBooks = { _ in [] }
  /// ```
  public static let booksAPI = WorldDependency(
    live: BooksAPI.live(client: .live(baseURL: BooksAPI.defaultBaseURL)),
    test: BooksAPI(searchBooks: unimplemented("Current.booksAPI.searchBooks")))
}

extension World {
  /// Reads and overrides each of ``AppDependencies``' dependencies as a
  /// field of the world: `Current.catFactAPI.fetchFact = { … }`.
  public subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}
