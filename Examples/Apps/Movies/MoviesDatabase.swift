import CurrentWorld

/// The local movie store, an app-defined World dependency.
///
/// ```swift
/// let cached = try await Current.moviesDatabase.fetchMovies()
/// Current.moviesDatabase.fetchMovies = { [] }  // in a test
/// ```
public struct MoviesDatabase: Sendable {
  /// The movies stored so far.
  ///
  /// ```swift
  /// let movies = try await Current.moviesDatabase.fetchMovies()
  /// ```
  public var fetchMovies: @Sendable () async throws -> [Movie]
  /// Replaces the stored movies.
  ///
  /// ```swift
  /// try await Current.moviesDatabase.saveMovies(movies)
  /// ```
  public var saveMovies: @Sendable ([Movie]) async throws -> Void

  /// A database from its closures.
  ///
  /// ```swift
  /// let empty = MoviesDatabase(fetchMovies: { [] }, saveMovies: { _ in })
  /// ```
  public init(
    fetchMovies: @escaping @Sendable () async throws -> [Movie],
    saveMovies: @escaping @Sendable ([Movie]) async throws -> Void
  ) {
    self.fetchMovies = fetchMovies
    self.saveMovies = saveMovies
  }

  /// A database kept in memory for the life of the process, starting with
  /// `movies`.
  ///
  /// ```swift
  /// Current.moviesDatabase = .inMemory()
  /// ```
  public static func inMemory(_ movies: [Movie] = []) -> MoviesDatabase {
    let store = Store(movies)
    return MoviesDatabase(
      fetchMovies: { await store.movies },
      saveMovies: { await store.replace(with: $0) }
    )
  }

  private actor Store {
    var movies: [Movie]
    init(_ movies: [Movie]) { self.movies = movies }
    func replace(with movies: [Movie]) { self.movies = movies }
  }
}
