import CurrentWorld
import CurrentWorldHTTP
import Foundation

/// The book search backend, an app-defined World dependency built on the
/// HTTP layer's request builder.
///
/// ```swift
/// let books = try await Current.booksAPI.searchBooks("borges")
/// ```
public struct BooksAPI: Sendable {
  /// Searches books by a free-text query.
  ///
  /// ```swift
  /// let books = try await Current.booksAPI.searchBooks("cortázar")
  /// ```
  public var searchBooks: @Sendable (String) async throws -> [Book]

  /// An API from its closure.
  ///
  /// ```swift
  /// let api = BooksAPI(searchBooks: { _ in [] })
  /// ```
  public init(searchBooks: @escaping @Sendable (String) async throws -> [Book]) {
    self.searchBooks = searchBooks
  }

  /// Open Library's address, `https://openlibrary.org`.
  ///
  /// ```swift
  /// print(BooksAPI.defaultBaseURL)
  /// ```
  public static let defaultBaseURL = URL(string: "https://openlibrary.org")!

  /// The endpoint for a search: `GET /search.json?q=…&fields=…&limit=…`.
  ///
  /// ```swift
  /// let endpoint = BooksAPI.searchEndpoint(query: "borges", limit: 5)
  /// ```
  public static func searchEndpoint(query: String, limit: Int = 10) -> Endpoint {
    Endpoint(.get, "/search.json")
      .query("q", query)
      .query("fields", "title,author_name,first_publish_year")
      .query("limit", String(limit))
      .header("Accept", "application/json")
  }

  /// The live API over `client`: Open Library's search.
  ///
  /// ```swift
  /// let api = BooksAPI.live(client: .live(baseURL: BooksAPI.defaultBaseURL))
  /// ```
  public static func live(client: HTTPClient, limit: Int = 10) -> BooksAPI {
    BooksAPI(searchBooks: { query in
      let response = try await client.decode(
        SearchResponse.self, from: searchEndpoint(query: query, limit: limit))
      return response.docs.map {
        Book(title: $0.title, authors: $0.authorName ?? [], firstPublished: $0.firstPublishYear)
      }
    })
  }

  struct SearchResponse: Decodable {
    struct Doc: Decodable {
      let title: String
      let authorName: [String]?
      let firstPublishYear: Int?

      enum CodingKeys: String, CodingKey {
        case title
        case authorName = "author_name"
        case firstPublishYear = "first_publish_year"
      }
    }
    let docs: [Doc]
  }
}
