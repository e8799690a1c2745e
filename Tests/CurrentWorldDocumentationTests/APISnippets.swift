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

struct Loan: Decodable, Equatable {
  var title: String
  var due: Date
}

/// Loans, whose due dates the server writes as ISO 8601 strings.
func loadLoans(with client: HTTPClient) async throws(APIError) -> [Loan] {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .iso8601
  return try await client.decode(from: Endpoint(.get, "/loans").authorized(), decoder: decoder)
}

/// The article's client, whose token is read for each authorized call.
func libraryClient() -> HTTPClient {
  let library = HTTPClient.live(
    baseURL: URL(string: "https://library.example")!,
    token: { ProcessInfo.processInfo.environment["LIBRARY_TOKEN"] })
  return library
}

@Suite(.world, .timeLimit(.minutes(10))) struct APISnippets {
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

  /// Promise: with the article's decoder, ISO 8601 dates decode; a plain
  /// decoder fails on them, naming the type it expected.
  @Test func isoDatesNeedTheirDecoder() async throws {
    let body = #"[{"title": "Ficciones", "due": "2026-03-10T14:30:00Z"}]"#
    let client = HTTPClient(
      baseURL: URL(string: "https://library.example")!, token: { "s3cret" },
      transport: { request in
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer s3cret")
        return (
          Data(body.utf8),
          HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        )
      })
    let due = Date(timeIntervalSince1970: 1_773_153_000)  // 2026-03-10T14:30:00Z
    #expect(try await loadLoans(with: client) == [Loan(title: "Ficciones", due: due)])
    do {
      _ = try await client.decode([Loan].self, from: Endpoint(.get, "/loans").authorized())
      Issue.record("a plain decoder read an ISO 8601 date")
    } catch {
      guard case .decoding(_, _, let message) = error else {
        Issue.record("expected a decoding error, got \(error)")
        return
      }
      #expect(message.contains("Double"))
    }
  }

  /// Promise: the article's client reads its token from the environment,
  /// and without one an authorized call fails before anything is sent (a
  /// machine that sets `LIBRARY_TOKEN` skips it: the call would go out).
  @Test(.enabled(if: ProcessInfo.processInfo.environment["LIBRARY_TOKEN"] == nil))
  func withoutATokenNothingIsSent() async throws {
    let missing = APIError.missingToken(url: URL(string: "https://library.example/loans")!)
    await #expect(throws: missing) {
      _ = try await loadLoans(with: libraryClient())
    }
  }
}
