// Current.urlSession in a file that also imports swift-dependencies, whose
// DependencyValues has a `urlSession` of its own: each reads as itself, and
// a session from `replaying` serves both.
import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldTesting
import Dependencies
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.world) struct URLSessionSideBySideTests {
  static let archive = try! HTTPArchive(
    data: Data(
      #"""
      {"log": {"version": "1.2", "entries": [
        {"request": {"method": "GET", "url": "https://api.example/hello"},
         "response": {"status": 200, "headers": [], "content": {"text": "hi"}}},
        {"request": {"method": "GET", "url": "https://api.example/hello"},
         "response": {"status": 200, "headers": [], "content": {"text": "hi again"}}}]}}
      """#.utf8))

  @Test func bothLibrariesSessionsReplay() async throws {
    let session = URLSession.replaying(.archive(Self.archive))
    Current.urlSession = session
    let url = URL(string: "https://api.example/hello")!
    let fromWorld = try await Current.urlSession.data(from: url).0
    let fromDependencies = try await withDependencies {
      $0.urlSession = session
    } operation: {
      @Dependency(\.urlSession) var urlSession
      return try await urlSession.data(from: url).0
    }
    #expect(fromWorld == Data("hi".utf8))
    #expect(fromDependencies == Data("hi again".utf8))
  }
}
