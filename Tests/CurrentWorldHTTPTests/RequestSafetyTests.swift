import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Hostile input through every part of a request: each is refused with a
/// typed error before anything is sent, and the loopback server proves that
/// nothing arrived.
@Suite(.timeLimit(.minutes(10))) struct RequestSafetyTests {
  static func send(_ endpoint: Endpoint, token: String? = "s3cret", base: String = "/")
    async throws -> (APIError?, [LoopbackServer.Request])
  {
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }
    let baseURL = server.baseURL.appendingPathComponent(base)
    let client = HTTPClient.live(
      baseURL: baseURL, configuration: .ephemeral, timeout: 30, token: { token })
    do {
      _ = try await client.data(for: endpoint)
      return (nil, server.requests)
    } catch {
      return (error, server.requests)
    }
  }

  static func reason(_ error: APIError?) -> String? {
    guard case .invalidRequest(let reason) = error else { return nil }
    return reason
  }

  @Test(arguments: [
    "GET /smuggled?", "GET\r\nX-Injected: 1", "GET\n", "G\u{0}ET", "", "PO ST", "GÉT",
  ])
  func aMethodThatIsNotATokenIsRefused(_ method: String) async throws {
    let (error, received) = try await Self.send(Endpoint(HTTPMethod(rawValue: method), "/x"))
    #expect(
      Self.reason(error)?.contains("is not an HTTP token") == true, "\(String(describing: error))")
    #expect(received.isEmpty)
  }

  @Test(arguments: ["X-A\r\nX-Injected", "X A", "X-A:", "", "X-\u{0}A", "Ünïcode"])
  func aHeaderNameThatIsNotATokenIsRefused(_ name: String) async throws {
    let (error, received) = try await Self.send(Endpoint(.get, "/x").header(name, "1"))
    #expect(Self.reason(error)?.contains("is not an HTTP token") == true)
    #expect(received.isEmpty)
  }

  @Test(arguments: ["a\r\nX-Injected: 1", "a\nb", "a\rb", "a\u{0}b"])
  func aHeaderValueWithCRLFOrNULIsRefused(_ value: String) async throws {
    let (error, received) = try await Self.send(Endpoint(.get, "/x").header("X-Trace", value))
    #expect(Self.reason(error) == "the value of the header X-Trace holds CR, LF or NUL")
    #expect(received.isEmpty)
  }

  @Test(arguments: ["s3cret\r\nX-Injected: 1", "s3cret\n", "s3\u{0}cret"])
  func aTokenWithCRLFOrNULIsRefusedAndNeverPrinted(_ token: String) async throws {
    let (error, received) = try await Self.send(Endpoint(.get, "/me").authorized(), token: token)
    #expect(Self.reason(error) == "the authorization token holds CR, LF or NUL")
    #expect(error.map { !String(describing: $0).contains("s3") } == true)
    #expect(received.isEmpty)
  }

  @Test(arguments: [
    "/../../admin", "../admin", "/a/./b", "/a/../../b", "..", ".", "/api/..", "a/../../..",
  ])
  func dotSegmentsAreRefused(_ path: String) async throws {
    let (error, received) = try await Self.send(Endpoint(.get, path), base: "/api/v1/")
    #expect(Self.reason(error)?.contains("'.' or '..' segment") == true, "\(path)")
    #expect(received.isEmpty)
  }

  @Test(arguments: ["/a..b", "/...", "/.well-known/x", "/v1.2/items", "/%2e%2e/admin"])
  func dotsInsideASegmentStayUnderTheBasePath(_ path: String) async throws {
    let (error, received) = try await Self.send(Endpoint(.get, path), base: "/api/v1/")
    #expect(error == nil)
    #expect(received.first?.path.hasPrefix("/api/v1/") == true, "\(path)")
  }

  @Test func aTaskCancelledBeforeItsRequestSendsNothing() async throws {
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }
    let client = HTTPClient.live(
      baseURL: server.baseURL, configuration: .ephemeral, timeout: 30, token: { "s3cret" })
    let errors = await withTaskGroup(of: APIError?.self) { group in
      for index in 0..<50 {
        group.addTask {
          withUnsafeCurrentTask { $0?.cancel() }
          do {
            _ = try await client.data(
              for: Endpoint(.post, "/orders/\(index)").header("X-Index", "\(index)").authorized())
            return nil
          } catch {
            return error as? APIError
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(errors.count == 50)
    #expect(errors.allSatisfy(isCancelled))
    #expect(server.requests.isEmpty)
  }

  @Test func aTaskCancelledWhileItWaitsForItsTokenSendsNothing() async throws {
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }
    let tokenAsked = AsyncStream<Void>.makeStream()
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30) {
      tokenAsked.continuation.yield()
      // The token source does not check for cancellation; the client must.
      try? await Task.sleep(for: .milliseconds(50))
      return "s3cret"
    }
    let call = Task { try await client.data(for: Endpoint(.post, "/pay").authorized()) }
    var asked = tokenAsked.stream.makeAsyncIterator()
    _ = await asked.next()
    call.cancel()
    let result = await call.result
    #expect(isCancelled(result.error as? APIError))
    #expect(server.requests.isEmpty)
  }
}

extension Result {
  fileprivate var error: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

private func isCancelled(_ error: APIError?) -> Bool {
  guard case .transport(_, let code, _) = error else { return false }
  return code == .cancelled
}
