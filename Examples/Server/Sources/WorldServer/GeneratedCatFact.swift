import CatFactClient
import CurrentWorldHummingbird
import CurrentWorldOpenAPI
import Foundation
import Hummingbird
import OpenAPIAsyncHTTPClient

/// The cat fact service through its generated OpenAPI client, made once:
/// its transport reads the world at each send, so a test replays its own
/// recording (`Current.urlSession = .replaying(…)`) through this client.
public enum GeneratedCatFacts {
  /// The service's address.
  public static let serverURL = URL(string: "https://catfact.ninja")!

  /// The client `GET /catfact/generated` calls by default, on
  /// AsyncHTTPClient.
  public static let client = Client(
    serverURL: serverURL, transport: WorldTransport(live: AsyncHTTPClientTransport()))
}

extension Routes {
  /// `GET /catfact/generated`: one fact from `client`, as JSON.
  static func generatedCatFact(_ client: some APIProtocol) async -> Response {
    do {
      switch try await client.getRandomFact() {
      case .ok(let ok):
        let fact = try ok.body.json
        return .json(CatFact(fact: fact.fact, length: fact.length))
      case .undocumented(let status, _):
        return .error(.badGateway, "The cat fact service answered \(status).")
      }
    } catch {
      return .error(.badGateway, "The cat fact service failed: \(error)")
    }
  }
}
