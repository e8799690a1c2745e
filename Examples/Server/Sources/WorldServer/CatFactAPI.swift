import CurrentWorldHTTP
import CurrentWorldHummingbird
import Foundation
@_exported import ServerCommandLine

/// A fact about cats, as catfact.ninja serves it.
public struct CatFact: Codable, Equatable, Sendable {
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

/// The server's cat fact backend. The server declares it itself, as every
/// app declares its own APIs: CurrentWorld has no built-in API, and the
/// example apps' module is not a product.
public struct CatFactAPI: Sendable {
  /// Fetches one fact.
  public var fetchFact: @Sendable () async throws -> CatFact

  /// An API from its closure.
  public init(fetchFact: @escaping @Sendable () async throws -> CatFact) {
    self.fetchFact = fetchFact
  }
}

enum CatFactAPIKey: WorldKey {
  /// `GET https://catfact.ninja/fact`, with timeouts on `Current.clock`.
  static let liveValue: CatFactAPI = {
    let client = HTTPClient.live(baseURL: URL(string: "https://catfact.ninja")!)
    return CatFactAPI(fetchFact: {
      try await client.decode(CatFact.self, from: Endpoint(.get, "/fact"))
    })
  }()
  static let testValue = CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact"))
}

extension World {
  /// The cat fact backend that `GET /catfact` serves: the embedded fact
  /// unless the server runs with `--live`.
  public var catFactAPI: CatFactAPI {
    get { self[CatFactAPIKey.self] }
    set { self[CatFactAPIKey.self] = newValue }
  }
}

/// What the server answers without the network.
public enum Fixtures {
  /// The embedded cat fact.
  public static let catFact = CatFact(
    fact: "A cat's purr vibrates at a frequency of 25 to 150 hertz.", length: 56)

  /// A cat fact API that answers ``catFact``.
  public static let catFactAPI = CatFactAPI(fetchFact: { catFact })
}

extension ServerOptions {
  /// The server's world, from these options: the date, locale and time
  /// zone they fix, and the embedded cat fact unless `--live`.
  public func configureWorldServer(_ world: inout World) {
    configure(&world)
    if !live { world.catFactAPI = Fixtures.catFactAPI }
  }
}
