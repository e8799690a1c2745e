/// A movie, as the movies screen shows it.
///
/// ```swift
/// let movie = Movie(id: 1, title: "Nueve reinas", year: 2000)
/// ```
public struct Movie: Codable, Equatable, Hashable, Sendable {
  /// The movie's identifier.
  ///
  /// ```swift
  /// print(movie.id)
  /// ```
  public var id: Int
  /// The title.
  ///
  /// ```swift
  /// print(movie.title)
  /// ```
  public var title: String
  /// The year of release, when known.
  ///
  /// ```swift
  /// print(movie.year ?? 0)
  /// ```
  public var year: Int?

  /// A movie from its fields.
  ///
  /// ```swift
  /// let movie = Movie(id: 1, title: "Nueve reinas", year: 2000)
  /// ```
  public init(id: Int, title: String, year: Int?) {
    self.id = id
    self.title = title
    self.year = year
  }
}
