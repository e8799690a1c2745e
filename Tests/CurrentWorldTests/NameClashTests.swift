import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import NameClashFixture
import Testing

// This file imports CurrentWorld beside a module that declares HTTPMethod,
// HTTPClient, Endpoint and APIError, as NIOHTTP1 (so every Vapor app),
// Alamofire, AsyncHTTPClient and Moya do. If CurrentWorld exported any of
// those names, this file would not compile: "'HTTPMethod' is ambiguous for
// type lookup in this context". The HTTP names live in CurrentWorldHTTP.

/// Promise: a file that imports CurrentWorld next to Vapor, Alamofire,
/// AsyncHTTPClient or Moya compiles, and the world's APIs still work there.
@Suite(.timeLimit(.minutes(10))) struct NameClashTests {
  @Test func theOtherModulesNamesResolveUnqualified() {
    let method: HTTPMethod = .GET
    let endpoint = Endpoint("/fact")
    let error: any Error = APIError.offline
    #expect(HTTPClient().describe(method) == "GET via HTTPClient")
    #expect(endpoint.path == "/fact")
    #expect(error is APIError)
  }

  @Test(.world) func theWorldsAPIsWorkBesideThem() async throws {
    let fact = try await withWorld {
      $0.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
    } operation: {
      try await Current.catFactAPI.fetchFact()
    }
    #expect(fact.fact == "Cats purr.")
  }
}
