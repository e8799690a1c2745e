import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport on its own, below the client's own checks.
@Suite(.timeLimit(.minutes(10))) struct TransportCancellationTests {
  /// Promise: a send from a task that is cancelled already fails with
  /// `URLError.cancelled` and never reaches the network.
  ///
  /// The cancel handler's own cancel is held back on a suspended queue, so
  /// only the transport's check before the start can stop the request: a
  /// transport that starts the task anyway gets the server's answer.
  @Test func aSendFromACancelledTaskNeverReachesTheServer() async throws {
    let server = try LoopbackServer { _ in .json("{}") }
    defer { server.stop() }
    let heldCancels = DispatchQueue(label: "held cancels")
    heldCancels.suspend()
    // A suspended queue must not be released; its cancel then finds a finished task.
    defer { heldCancels.resume() }
    let transport = SessionTransport(configuration: .ephemeral, cancelQueue: heldCancels)
    let request = URLRequest(url: server.baseURL.appendingPathComponent("never"))
    let send = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await transport.send(request)
    }
    let result = await send.result
    guard case .failure(let error as URLError) = result else {
      Issue.record("expected URLError.cancelled, got \(result)")
      return
    }
    #expect(error.code == .cancelled)
    // Long enough for a request that was sent to arrive.
    try await Task.sleep(for: .milliseconds(300))
    #expect(server.requests.isEmpty)
  }
}
