import CurrentWorldHTTP
import CurrentWorldHummingbird
import CurrentWorldTesting
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WorldServer

/// `GET /catfact` answers `Current.catFactAPI`, as the test overrides it.
@Suite(.world, .timeLimit(.minutes(1))) struct CatFactTests {
  struct Offline: Error {}

  @Test func aFactIsServedAsJSON() async throws {
    Current.catFactAPI.fetchFact = { CatFact(fact: "Cats sleep 16 hours a day.", length: 26) }
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/catfact", method: .get)
      #expect(response.status == .ok)
      #expect(
        String(buffer: response.body) == #"{"fact":"Cats sleep 16 hours a day.","length":26}"#)
    }
  }

  /// The route with its upstream replayed from a recording, in the
  /// request's world: the real client and decoder run, nothing is sent,
  /// and a test running beside this one keeps its own upstream.
  @Test func aRecordedUpstreamAnswerIsServed() async throws {
    let upstream = HTTPClient.live(baseURL: URL(string: "https://catfact.ninja")!)
    Current.catFactAPI = .live(client: upstream.replaying("Recordings/catfact.har"))
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/catfact", method: .get)
      #expect(response.status == .ok)
      let fact = try JSONDecoder().decode(CatFact.self, from: Data(buffer: response.body))
      #expect(fact == CatFact(fact: "Cats purr at 25 to 150 hertz, recorded upstream.", length: 48))
    }
  }

  @Test func aFailingServiceIsABadGateway() async throws {
    Current.catFactAPI.fetchFact = { throw Offline() }
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/catfact", method: .get)
      #expect(response.status == .badGateway)
      #expect(try decodeError(response).error.contains("The cat fact service failed"))
    }
  }

  /// What the server answers where its key is unimplemented (a test
  /// world that did not override it): the field's error says why, and the
  /// server stays up.
  @Test func anUnimplementedServiceIsServiceUnavailable() async throws {
    Current.catFactAPI.fetchFact = {
      throw UnimplementedError(field: "Current.catFactAPI.fetchFact", description: "not set")
    }
    let app = buildApplication(ServerOptions())
    try await app.test(.router) { client in
      let response = try await client.execute(uri: "/catfact", method: .get)
      #expect(response.status == .serviceUnavailable)
      #expect(try decodeError(response).error == "not set")
    }
  }

  @Test func theDefaultOptionsServeTheEmbeddedFact() async throws {
    var world = World.test
    ServerOptions().configureWorldServer(&world)
    #expect(try await world.catFactAPI.fetchFact() == Fixtures.catFact)
  }
}
