/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  /// The method as sent on the wire, such as `GET`.
  public let rawValue: String

  /// A method from its name, upper-cased.
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  /// A method from a string literal.
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// `GET`.
  public static let get: HTTPMethod = "GET"
  /// `POST`.
  public static let post: HTTPMethod = "POST"
  /// `PUT`.
  public static let put: HTTPMethod = "PUT"
  /// `PATCH`.
  public static let patch: HTTPMethod = "PATCH"
  /// `DELETE`.
  public static let delete: HTTPMethod = "DELETE"
}
