import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import CurrentWorldSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live clients against a real HTTP server on 127.0.0.1.
@Suite(.timeLimit(.minutes(10))) struct LiveAPITests {
  static let pokemonPage = """
    {"count": 1302, "next": "https://pokeapi.co/api/v2/pokemon?offset=3&limit=3", "previous": null,
     "results": [
       {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon/1/"},
       {"name": "ivysaur", "url": "https://pokeapi.co/api/v2/pokemon/2/"},
       {"name": "venusaur", "url": "https://pokeapi.co/api/v2/pokemon/3/"}]}
    """

  @Test func pokemonsComeFromTheServer() async throws {
    let server = try LoopbackServer { _ in .json(Self.pokemonPage) }
    defer { server.stop() }
    let api = PokemonsAPI.live(baseURL: server.baseURL, limit: 3, configuration: .ephemeral)

    let names = try await api.fetchPokemons()

    #expect(names == ["bulbasaur", "ivysaur", "venusaur"])
    let request = try #require(server.requests.first)
    #expect(server.requests.count == 1)
    #expect(request.method == "GET")
    #expect(request.target == "/api/v2/pokemon?limit=3")
  }

  @Test func defaultPageSizeIs151() async throws {
    let server = try LoopbackServer { _ in .json(#"{"results": []}"#) }
    defer { server.stop() }

    let names = try await PokemonsAPI.live(baseURL: server.baseURL, configuration: .ephemeral)
      .fetchPokemons()

    #expect(names.isEmpty)
    #expect(server.requests.map(\.target) == ["/api/v2/pokemon?limit=151"])
  }

  @Test func catFactComesFromTheServer() async throws {
    let server = try LoopbackServer { _ in
      .json(#"{"fact": "Cats sleep 70% of their lives.", "length": 30}"#)
    }
    defer { server.stop() }

    let fact = try await CatFactAPI.live(baseURL: server.baseURL, configuration: .ephemeral)
      .fetchFact()

    #expect(fact == CatFact(fact: "Cats sleep 70% of their lives.", length: 30))
    #expect(server.requests.map(\.method) == ["GET"])
    #expect(server.requests.map(\.target) == ["/fact"])
  }

  @Test func unicodeFactsSurviveTheRoundTrip() async throws {
    let text = "Los gatos ronronean 🐈 — 猫は喉を鳴らす — القطط تخرخر"
    let body = try JSONEncoder().encode(CatFact(fact: text, length: text.count))
    let server = try LoopbackServer { _ in .respond(status: 200, body: body) }
    defer { server.stop() }

    let fact = try await CatFactAPI.live(baseURL: server.baseURL, configuration: .ephemeral)
      .fetchFact()

    #expect(fact.fact == text)
    #expect(fact.length == text.count)
  }

  @Test func aFiveMegabyteBodyDecodes() async throws {
    let names = (0..<80_000).map { "pokemon-number-\($0)" }
    let results = names.map { #"{"name": "\#($0)", "url": "https://pokeapi.co/x/"}"# }
    let body = Data(#"{"results": [\#(results.joined(separator: ","))]}"#.utf8)
    #expect(body.count > 5_000_000)
    let server = try LoopbackServer { _ in .respond(status: 200, body: body) }
    defer { server.stop() }

    let fetched = try await PokemonsAPI.live(baseURL: server.baseURL, configuration: .ephemeral)
      .fetchPokemons()

    #expect(fetched == names)
  }

  @Test func theLiveWorldGivesUnimplementedAPIsInTests() async throws {
    // World.live has the test context in a test process, so the app's API
    // keys give their unimplemented testValue: the calls stop before the
    // network and say how to fix the test. Run with no test world, these
    // are reported through the runner CurrentWorldTesting connects.
    #expect(World.live.context == .test)
    let messages = Locked<[String]>([])
    await withKnownIssue {
      await #expect(throws: UnimplementedError.self) {
        _ = try await World.live.catFactAPI.fetchFact()
      }
      await #expect(throws: UnimplementedError.self) {
        _ = try await World.live.pokemonsAPI.fetchPokemons()
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      messages.withLock { $0.append(text) }
      return text.contains("was called, but the test world leaves it unimplemented")
    }
    let recorded = messages.withLock { $0 }
    #expect(recorded.count == 2)
    #expect(
      recorded.first?.contains("Current.catFactAPI.fetchFact was called") == true)
    #expect(recorded.last?.contains("Current.pokemonsAPI.fetchPokemons = { … }") == true)
  }

  /// Promise: an app's API key follows the world's context: a world that
  /// sets `context = .live` reaches the service, even in a test process. Here the
  /// call runs in a cancelled task, so it stops before the network, but as
  /// the live client stops (cancelled), not as a refusal.
  @Test func aLiveContextReachesTheLiveClients() async {
    var world = World.live
    world.context = .live
    let reported = Locked<[ReportedIssue]>([])
    let recorder = IssueReporter { issue in reported.withLock { $0.append(issue) } }
    let thrown = await IssueReporter.withCurrent(recorder) {
      await withWorld(world) {
        await withTaskGroup(of: (any Error)?.self) { group in
          group.cancelAll()
          group.addTask {
            do {
              _ = try await Current.catFactAPI.fetchFact()
              return nil
            } catch {
              return error
            }
          }
          return await group.next() ?? nil
        }
      }
    }
    #expect(thrown != nil)
    #expect(!(thrown is UnimplementedError), "\(String(describing: thrown))")
    #expect(reported.withLock { $0 }.isEmpty)
  }

  /// Promise: an unimplemented call is placed at the app's own
  /// dependency, the line that declares its test value, never at a line of
  /// the library.
  @Test func anUnimplementedCallIsPlacedAtTheAppsDependency() async {
    let reported = Locked<[ReportedIssue]>([])
    let recorder = IssueReporter { issue in reported.withLock { $0.append(issue) } }
    await IssueReporter.withCurrent(recorder) {
      _ = try? await World.live.pokemonsAPI.fetchPokemons()
    }
    let issues = reported.withLock { $0 }
    #expect(issues.count == 1)
    #expect(issues.first?.fileID == "CurrentWorldExamples/AppDependencies.swift", "\(issues)")
    #expect(issues.first?.message.contains("Current.pokemonsAPI.fetchPokemons") == true)
  }
}
