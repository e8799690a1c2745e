/// An HTTP request method.
///
/// ```swift
/// let endpoint = Endpoint(.post, "/books")
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  /// The method as sent on the wire, such as `GET`.
  ///
  /// ```swift
  /// HTTPMethod.get.rawValue  // "GET"
  /// ```
  public let rawValue: String

  /// A method from its name, upper-cased.
  ///
  /// ```swift
  /// let purge = HTTPMethod(rawValue: "PURGE")
  /// ```
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  /// A method from a string literal.
  ///
  /// ```swift
  /// let method: HTTPMethod = "OPTIONS"
  /// ```
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// `GET`.
  ///
  /// ```swift
  /// Endpoint(.get, "/fact")
  /// ```
  public static let get: HTTPMethod = "GET"
  /// `POST`.
  ///
  /// ```swift
  /// Endpoint(.post, "/books")
  /// ```
  public static let post: HTTPMethod = "POST"
  /// `PUT`.
  ///
  /// ```swift
  /// Endpoint(.put, "/books/1")
  /// ```
  public static let put: HTTPMethod = "PUT"
  /// `PATCH`.
  ///
  /// ```swift
  /// Endpoint(.patch, "/books/1")
  /// ```
  public static let patch: HTTPMethod = "PATCH"
  /// `DELETE`.
  ///
  /// ```swift
  /// Endpoint(.delete, "/books/1")
  /// ```
  public static let delete: HTTPMethod = "DELETE"
}
