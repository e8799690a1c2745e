import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a client that reads the world at each send (the OpenAPI
/// transport, Vapor's client) sends, driven without either framework, so
/// that the suite that runs without traits pins it.
@Suite(.world, .timeLimit(.minutes(10))) struct WorldRouteTests {
  static let archive = try! HTTPArchive(
    data: Data(
      #"""
      {"log":{"entries":[
        {"request":{"method":"GET","url":"https://backend.example/old"},
         "response":{"status":302,"headers":[{"name":"Location","value":"/fact"}],
                     "content":{"text":""}}},
        {"request":{"method":"GET","url":"https://backend.example/fact"},
         "response":{"status":200,"content":{"text":"recorded fact"}}}]}}
      """#.utf8))

  static let request = URLRequest(url: URL(string: "https://backend.example/old")!)

  /// A live send that the test counts and that answers `live`.
  static func live(_ count: Locked<Int>)
    -> @Sendable (URLRequest) async throws -> (
      Data, HTTPURLResponse
    )
  {
    { request in
      count.withLock { $0 += 1 }
      return (
        Data("live".utf8),
        HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
      )
    }
  }

  @Test func theSharedSessionAndAnAppsOwnGoLive() {
    Current.urlSession = .shared
    #expect(WorldRoute.inEffect(client: "a client") == nil)
    Current.urlSession = URLSession(configuration: .ephemeral)
    #expect(WorldRoute.inEffect(client: "a client") == nil)
  }

  @Test func aReplayingSessionAnswersFromItsRecordingAfterItsRedirect() async throws {
    Current.urlSession = .replaying(.archive(Self.archive))
    let count = Locked(0)
    let route = try #require(WorldRoute.inEffect(client: "a client"))
    let (data, response) = try await route.send(Self.request, live: Self.live(count))
    #expect(String(decoding: data, as: UTF8.self) == "recorded fact")
    #expect(response.statusCode == 200)
    #expect(count.withLock { $0 } == 0)
  }

  @Test func anUnarrangedTestWorldFailsNamingTheClientAndTheFix() async throws {
    let count = Locked(0)
    let route = try #require(WorldRoute.inEffect(client: "the client under test"))
    await withKnownIssue {
      await #expect(throws: URLError.self) {
        _ = try await route.send(Self.request, live: Self.live(count))
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("the client under test, which reads Current.urlSession")
        && text.contains("Current.urlSession = .replaying(")
    }
    #expect(count.withLock { $0 } == 0)
  }

  @Test func anInvalidatedReplayingSessionSendsNothing() async throws {
    let session = URLSession.replaying(.archive(Self.archive))
    session.finishTasksAndInvalidate()
    Current.urlSession = session
    let count = Locked(0)
    // The invalidation reaches the session's delegate on a queue of its own,
    // which a loaded machine (or a sanitizer) can keep waiting.
    let deadline = Date().addingTimeInterval(Double(settleLimit.components.seconds))
    while SessionRoute.route(
      tagged: (session.configuration.protocolClasses!.first as! any RoutedClass.Type).tag)
      != nil, Date() < deadline
    {
      try await Task.sleep(for: .milliseconds(10))
    }
    let route = try #require(WorldRoute.inEffect(client: "a client"))
    await #expect(throws: URLError.self) {
      _ = try await route.send(Self.request, live: Self.live(count))
    }
    #expect(count.withLock { $0 } == 0)
  }
}
