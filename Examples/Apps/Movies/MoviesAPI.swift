import CurrentWorld
import CurrentWorldHTTP
import Foundation

/// The movie backend, an app-defined World dependency.
///
/// ```swift
/// let movies = try await Current.moviesAPI.fetchMovies()
/// Current.moviesAPI.fetchMovies = { [Movie(id: 1, title: "Zama", year: 2017)] }  // in a test
/// ```
public struct MoviesAPI: Sendable {
  /// Fetches the popular movies.
  ///
  /// ```swift
  /// let movies = try await Current.moviesAPI.fetchMovies()
  /// ```
  public var fetchMovies: @Sendable () async throws -> [Movie]

  /// An API from its closure.
  ///
  /// ```swift
  /// let api = MoviesAPI(fetchMovies: { [] })
  /// ```
  public init(fetchMovies: @escaping @Sendable () async throws -> [Movie]) {
    self.fetchMovies = fetchMovies
  }

  /// The live API: TMDB's `GET /3/movie/popular`, authorized with the token
  /// that `client` gives (the demo reads it from `TMDB_API_TOKEN`); without
  /// one it fails with `APIError.missingToken` before sending anything.
  ///
  /// ```swift
  /// let api = MoviesAPI.live(client: .live(baseURL: MoviesAPI.defaultBaseURL,
  ///                                        token: { ProcessInfo.processInfo.environment["TMDB_API_TOKEN"] }))
  /// ```
  public static func live(client: HTTPClient) -> MoviesAPI {
    MoviesAPI(fetchMovies: {
      let endpoint = Endpoint(.get, "/3/movie/popular").query("page", "1").authorized()
      return try await client.decode(Page.self, from: endpoint).results.map(\.movie)
    })
  }

  /// TMDB's address, `https://api.themoviedb.org`.
  ///
  /// ```swift
  /// print(MoviesAPI.defaultBaseURL)
  /// ```
  public static let defaultBaseURL = URL(string: "https://api.themoviedb.org")!

  struct Page: Decodable {
    struct Result: Decodable {
      let id: Int
      let title: String
      let releaseDate: String?

      enum CodingKeys: String, CodingKey {
        case id, title
        case releaseDate = "release_date"
      }

      var movie: Movie {
        Movie(id: id, title: title, year: releaseDate.flatMap { Int($0.prefix(4)) })
      }
    }
    let results: [Result]
  }
}
