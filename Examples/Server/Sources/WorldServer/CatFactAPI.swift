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

/// The server's dependencies, one `static let` each, read as fields of
/// `Current`.
public enum AppDependencies {
  /// The cat fact backend that `GET /catfact` serves: the embedded fact
  /// unless the server runs with `--live`, where it calls
  /// `GET https://catfact.ninja/fact` with timeouts on `Current.clock`.
  public static let catFactAPI = WorldDependency(
    live: CatFactAPI.live(baseURL: URL(string: "https://catfact.ninja")!),
    test: CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact")))
}

extension World {
  /// Reads and overrides each of ``AppDependencies``' dependencies as a
  /// field of the world.
  public subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

extension CatFactAPI {
  /// The API at `baseURL`, whose HTTP timeouts run on `Current.clock`.
  static func live(baseURL: URL) -> CatFactAPI {
    live(client: .live(baseURL: baseURL))
  }

  /// The API over `client`: in a test, a client that replays a recording
  /// (`client.replaying("Recordings/catfact.har")`).
  public static func live(client: HTTPClient) -> CatFactAPI {
    CatFactAPI(fetchFact: {
      try await client.decode(CatFact.self, from: Endpoint(.get, "/fact"))
    })
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
