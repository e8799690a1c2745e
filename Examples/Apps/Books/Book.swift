/// A book, as the books screen lists it.
///
/// ```swift
/// let book = Book(title: "Ficciones", authors: ["Jorge Luis Borges"], firstPublished: 1944)
/// ```
public struct Book: Codable, Equatable, Hashable, Sendable {
  /// The title.
  ///
  /// ```swift
  /// print(book.title)
  /// ```
  public var title: String
  /// The authors' names.
  ///
  /// ```swift
  /// print(book.authors.joined(separator: ", "))
  /// ```
  public var authors: [String]
  /// The year of first publication, when known.
  ///
  /// ```swift
  /// print(book.firstPublished ?? 0)
  /// ```
  public var firstPublished: Int?

  /// A book from its fields.
  ///
  /// ```swift
  /// let book = Book(title: "Rayuela", authors: ["Julio Cortázar"], firstPublished: 1963)
  /// ```
  public init(title: String, authors: [String], firstPublished: Int?) {
    self.title = title
    self.authors = authors
    self.firstPublished = firstPublished
  }
}
