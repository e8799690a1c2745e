import CurrentWorld
import CurrentWorldHTTP
// The code of the article "Backend APIs", compiled and run as tests.
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct Book: Decodable, Equatable {
  var title: String
}

/// Loads books, backing off once when the server asks to.
func loadBooks(with client: HTTPClient) async throws(APIError) -> [Book] {
  let endpoint = Endpoint(.get, "/books").query("author", "Borges").authorized()
  do {
    return try await client.decode(from: endpoint)
  } catch .status(429, _, _, let retryAfter?) {
    try? await Current.clock.sleep(for: retryAfter)
    return try await client.decode(from: endpoint)
  }
}

@Suite(.world, .timeLimit(.minutes(2))) struct APISnippets {
  @Test func backsOffWhenAskedTo() async throws {
    let clock = TestClock()
    Current.clock = clock
    let calls = Locked(0)
    let client = HTTPClient(
      baseURL: URL(string: "https://books.example")!, token: { "s3cret" },
      transport: { request in
        let first = calls.withLock { count in
          count += 1
          return count == 1
        }
        let response = HTTPURLResponse(
          url: request.url!, statusCode: first ? 429 : 200, httpVersion: nil,
          headerFields: first ? ["Retry-After": "2"] : [:])!
        let body = first ? "" : #"[{"title": "Ficciones"}]"#
        return (Data(body.utf8), response)
      })
    let books = Task { try await loadBooks(with: client) }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    #expect(try await books.value == [Book(title: "Ficciones")])
  }
}
