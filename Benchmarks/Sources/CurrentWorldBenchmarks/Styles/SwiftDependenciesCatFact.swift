// The swift-dependencies version of the CatFact feature, for the article
// "Coming from other styles". It is compiled here, in the only package that
// may depend on swift-dependencies.
import CurrentWorld
import CurrentWorldHTTP
import Dependencies
import Foundation
import Observation

/// A fact about cats, as catfact.ninja serves it.
struct CatFact: Codable, Equatable, Sendable {
  var fact: String
  var length: Int
}

struct CatFactClient: Sendable {
  var fetchFact: @Sendable () async throws -> CatFact
}

extension CatFactClient: DependencyKey {
  static let liveValue = CatFactClient(fetchFact: {
    let client = HTTPClient.live(baseURL: URL(string: "https://catfact.ninja")!)
    return try await client.decode(CatFact.self, from: Endpoint(.get, "/fact"))
  })
}

extension DependencyValues {
  var catFactClient: CatFactClient {
    get { self[CatFactClient.self] }
    set { self[CatFactClient.self] = newValue }
  }
}

@MainActor @Observable final class DependenciesCatFactViewModel {
  var state: ViewState<CatFact> = .initial
  @ObservationIgnored @Dependency(\.catFactClient) var catFactClient

  func fetch() async {
    state = .loading
    do { state = .loaded(try await catFactClient.fetchFact()) } catch { state = .error(error) }
  }
}

/// How a test overrides it: the view model must be created inside
/// `withDependencies`, which captures the overrides.
@MainActor func makeTestViewModel(fact: CatFact) -> DependenciesCatFactViewModel {
  withDependencies {
    $0.catFactClient.fetchFact = { fact }
  } operation: {
    DependenciesCatFactViewModel()
  }
}
