/// A fact about cats, as catfact.ninja serves it.
///
/// ```swift
/// let fact = CatFact(fact: "Cats sleep 70% of their lives.", length: 30)
/// ```
public struct CatFact: Codable, Equatable, Hashable, Sendable {
  /// The fact.
  ///
  /// ```swift
  /// print(fact.fact)
  /// ```
  public var fact: String
  /// The length of the fact, as the service reports it.
  ///
  /// ```swift
  /// print(fact.length)
  /// ```
  public var length: Int

  /// A fact and its length.
  ///
  /// ```swift
  /// let fact = CatFact(fact: "Cats purr.", length: 10)
  /// ```
  public init(fact: String, length: Int) {
    self.fact = fact
    self.length = length
  }
}
