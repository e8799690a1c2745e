import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The system's gzip runs in a process: macOS and Linux only.
#if os(macOS) || os(Linux)
  /// Gzip-compressed zeros: `count` bytes once inflated, a few hundred bytes
  /// or kilobytes on the wire. Made by the system's gzip, so the test holds
  /// no compressor of its own.
  func gzippedZeros(_ count: Int) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "head -c \(count) /dev/zero | gzip -c"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
  }
#endif

/// Answers over the size limit are stopped as they stream, compressed or
/// not, and fail with a typed error that says so.
@Suite(.timeLimit(.minutes(10))) struct ResponseSizeTests {
  static func fetch(
    _ reply: LoopbackServer.Reply, limit: Int, endpoint: Endpoint = Endpoint(.get, "/big")
  ) async throws -> Result<Data, APIError> {
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    var client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)
    client.responseSizeLimit = limit
    do {
      return .success(try await client.data(for: endpoint))
    } catch {
      return .failure(error)
    }
  }

  static func isTooLarge(_ result: Result<Data, APIError>, limit: Int) -> Bool {
    guard case .failure(.transport(_, .dataLengthExceedsMaximum, let message)) = result else {
      return false
    }
    return message == "The response was larger than the limit of \(limit) bytes, so it was stopped."
  }

  static let kilobyte = Data(repeating: 0x61, count: 1_024)

  @Test func aDeclaredLengthOverTheLimitIsRefused() async throws {
    let result = try await Self.fetch(
      .stream(headers: [:], chunk: Self.kilobyte, repeats: 64, declaresLength: true),
      limit: 32 * 1_024)
    #expect(Self.isTooLarge(result, limit: 32 * 1_024), "\(result)")
  }

  /// Fetches from a server that sends `reply` and then stalls, with a
  /// 16-byte limit and a 30 s timeout: a body stopped when it crossed the
  /// limit fails as too large, one that was read on waits and times out.
  static func fetchStalling(declaredLength: Int?, body: Data) async throws -> Result<Data, APIError>
  {
    // The call times out long before the server would close, so only a
    // limit that acts on the bytes already here can end it first. Both are
    // far longer than a loaded machine takes to deliver a few bytes: a
    // 2 s timeout ran out under eight copies of the suite on two cores.
    let reply = LoopbackServer.Reply.stalling(
      declaredLength: declaredLength, body: body, seconds: 60)
    return try await fetch(
      reply, limit: 1_024, endpoint: Endpoint(.get, "/s").limitingResponse(to: 16).timeout(30))
  }

  /// Promise: a declared length over the limit is refused when the headers
  /// arrive, before any byte of the body: the server here sends one byte
  /// and stalls, so reading on would time out.
  @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
    let result = try await Self.fetchStalling(declaredLength: 17, body: Data("{".utf8))
    #expect(Self.isTooLarge(result, limit: 16), "\(result)")
  }

  /// Promise: an undeclared body is stopped by the bytes that cross the
  /// limit, not by the next ones: here no more come.
  @Test func anUndeclaredBodyIsStoppedByTheBytesThatCrossTheLimit() async throws {
    let result = try await Self.fetchStalling(declaredLength: nil, body: Data(count: 17))
    #expect(Self.isTooLarge(result, limit: 16), "\(result)")
  }

  @Test func anUndeclaredBodyIsStoppedAsItStreams() async throws {
    let result = try await Self.fetch(
      .stream(headers: [:], chunk: Self.kilobyte, repeats: 64, declaresLength: false),
      limit: 32 * 1_024)
    #expect(Self.isTooLarge(result, limit: 32 * 1_024), "\(result)")
  }

  // Made by the system's gzip, in a process: macOS and Linux only.
  #if os(macOS) || os(Linux)
    @Test func aGzipBombIsStoppedOnItsInflatedSize() async throws {
      let bomb = try gzippedZeros(8 * 1_024 * 1_024)
      #expect(bomb.count < 64 * 1_024)
      let result = try await Self.fetch(
        .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb),
        limit: 1_024 * 1_024)
      #expect(Self.isTooLarge(result, limit: 1_024 * 1_024), "\(result)")
    }

    @Test func aCompressedBodyUnderTheLimitArrivesInflated() async throws {
      let result = try await Self.fetch(
        .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: try gzippedZeros(4_096)),
        limit: 8_192)
      #expect(try result.get() == Data(repeating: 0, count: 4_096))
    }
  #endif

  @Test func anEndpointCanRaiseItsOwnLimit() async throws {
    let reply = LoopbackServer.Reply.stream(
      headers: [:], chunk: Self.kilobyte, repeats: 64, declaresLength: false)
    let result = try await Self.fetch(
      reply, limit: 1_024, endpoint: Endpoint(.get, "/export").limitingResponse(to: 64 * 1_024))
    #expect(try result.get().count == 64 * 1_024)
  }

  /// Promise: an endpoint's own `limitingResponse(to:)` can lower the
  /// client's limit, and is enforced at exactly that many bytes.
  @Test func anEndpointCanLowerTheClientsLimit() async throws {
    let reply = LoopbackServer.Reply.stream(
      headers: [:], chunk: Self.kilobyte, repeats: 5, declaresLength: false)
    let over = try await Self.fetch(
      reply, limit: 1_024 * 1_024, endpoint: Endpoint(.get, "/x").limitingResponse(to: 4 * 1_024))
    #expect(Self.isTooLarge(over, limit: 4 * 1_024), "\(over)")
    let exact = try await Self.fetch(
      reply, limit: 1_024 * 1_024, endpoint: Endpoint(.get, "/x").limitingResponse(to: 5 * 1_024))
    #expect(try exact.get().count == 5 * 1_024)
  }

  @Test func aTransportOfYourOwnIsHeldToTheLimitToo() async throws {
    var client = HTTPClient(baseURL: URL(string: "https://api.example")!) { request in
      (
        Data(count: 2_048),
        HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
      )
    }
    client.responseSizeLimit = 1_024
    await #expect(
      throws: APIError.transport(
        url: URL(string: "https://api.example/x")!, code: .dataLengthExceedsMaximum,
        message: "The response was larger than the limit of 1024 bytes, so it was stopped.")
    ) {
      _ = try await client.data(for: Endpoint(.get, "/x"))
    }
  }

  @Test func theDefaultLimitIsTenMebibytes() {
    #expect(HTTPClient.defaultResponseSizeLimit == 10 * 1_024 * 1_024)
    #expect(
      HTTPClient(baseURL: URL(string: "https://a.example")!) { _ in throw URLError(.unknown) }
        .responseSizeLimit == HTTPClient.defaultResponseSizeLimit)
  }
}
