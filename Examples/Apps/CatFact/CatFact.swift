/// A fact about cats, as catfact.ninja serves it.
public struct CatFact: Codable, Equatable, Hashable, Sendable {
  /// The fact.
  public var fact: String
  /// The length of the fact, as the service reports it.
  public var length: Int

  /// A fact and its length.
  public init(fact: String, length: Int) {
    self.fact = fact
    self.length = length
  }
}
