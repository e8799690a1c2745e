import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldSupport
import Dispatch
import Foundation
import TestHelpers
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Deadlines and cancellations always give control back: whatever the
/// transport does, and however answers and deadlines interleave. Each test
/// runs its calls on a thread of its own with a generous bound, so a hang
/// fails the test instead of freezing the suite.
@Suite(.timeLimit(.minutes(10))) struct NoHangTests {
  /// Runs `body` and reports whether it ended within `settleLimit`
  /// (which `.ci/mutants.py` shortens to fit its own limit). Nothing
  /// blocks a thread while it waits: the cooperative pool has as many
  /// threads as cores, two here.
  ///
  /// The bound tells a hang from slow scheduling, nothing more: a deaf
  /// transport never answers until the test releases it, so a call that
  /// ends at all was ended by its deadline or its cancellation. It is
  /// generous because a busy machine stretched a 0.2 s deadline past 20 s
  /// of real time while the whole parallel suite waited for the pool.
  static func ends(_ body: @escaping @Sendable () async -> Void) async -> Bool {
    let answered = Locked(false)
    return await withCheckedContinuation { continuation in
      let answer: @Sendable (Bool) -> Void = { ended in
        let first = answered.withLock { done in
          defer { done = true }
          return !done
        }
        if first { continuation.resume(returning: ended) }
      }
      // Handed a world, the live one (with the test context in a test
      // process): detached work reads the process-wide world otherwise,
      // which is an escape while other tests' worlds are active.
      Task.detached {
        await withWorld(World.live) { await body() }
        answer(true)
      }
      let bound = DispatchTime.now() + .seconds(Int(settleLimit.components.seconds))
      DispatchQueue.global().asyncAfter(deadline: bound) { answer(false) }
    }
  }

  /// A transport that never answers and ignores cancellation until the test
  /// lets it go, so no continuation leaks.
  final class DeafTransport: @unchecked Sendable {
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
      await withCheckedContinuation { continuation in
        lock.withLock { waiting.append(continuation) }
      }
      throw URLError(.cannotConnectToHost)
    }

    func release() {
      for continuation in lock.withLock({ waiting }) { continuation.resume() }
    }
  }

  @Test func aDeadlineReturnsOnTimeWhenTheTransportIgnoresCancellation() async throws {
    let deaf = DeafTransport()
    defer { deaf.release() }
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example")!, timeout: 0.2, transport: deaf.send)
    let outcome = Locked<APIError?>(nil)
    let ended = await Self.ends {
      do {
        _ = try await client.data(for: Endpoint(.get, "/deaf"))
      } catch {
        outcome.withLock { $0 = error as? APIError }
      }
    }
    #expect(ended)
    #expect(outcome.withLock { $0 } == .timeout(url: URL(string: "https://api.example/deaf")!))
  }

  @Test func cancellingTheCallerReturnsAtOnceWhenTheTransportIgnoresIt() async throws {
    let deaf = DeafTransport()
    defer { deaf.release() }
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example")!, timeout: 3_600, transport: deaf.send)
    let call = Task { try await client.data(for: Endpoint(.get, "/deaf")) }
    let ended = await Self.ends {
      call.cancel()
      _ = await call.result
    }
    #expect(ended)
    // Not ended: the call is still waiting on the deaf transport.
    guard ended else { return }
    guard case .failure(let error as APIError) = await call.result,
      case .transport(_, let code, _) = error
    else {
      Issue.record("expected a cancelled transport error")
      return
    }
    #expect(code == .cancelled)
  }

  @Test func fourHundredAnswersAroundTheDeadlineAllEnd() async throws {
    // Answers arrive from 60 ms before to 60 ms after a 0.3 s deadline, over
    // a real session: the pattern that froze corelibs' data(for:) when a
    // cancel met a completing response.
    let server = try LoopbackServer { request in
      let step = Int(request.path.dropFirst(3)) ?? 0  // 0 to 12
      let offset = Double(step - 6) / 100
      return .delayed(seconds: 0.3 + offset, .json("{}"))
    }
    defer { server.stop() }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpMaximumConnectionsPerHost = 64
    let client = HTTPClient.live(
      baseURL: server.baseURL, configuration: configuration, timeout: 0.3)
    let results = Locked<[String: Int]>([:])
    let ended = await Self.ends {
      await withTaskGroup(of: String.self) { group in
        for index in 0..<400 {
          group.addTask {
            do {
              _ = try await client.data(for: Endpoint(.get, "/n/\(index % 13)"))
              return "answer"
            } catch let error as APIError {
              if case .timeout = error { return "timeout" }
              return "other: \(error)"
            } catch {
              return "other: \(error)"
            }
          }
        }
        for await result in group { results.withLock { $0[result, default: 0] += 1 } }
      }
    }
    #expect(ended, "\(results.withLock { $0 })")
    let counts = results.withLock { $0 }
    #expect(counts.values.reduce(0, +) == 400, "\(counts)")
    #expect(counts.keys.allSatisfy { $0 == "answer" || $0 == "timeout" }, "\(counts)")
    // The server and the process still answer a later request: a fresh
    // client's, since this one's 0.3 s deadline is what the load tested.
    let answer = Locked<Result<Data, any Error>?>(nil)
    let after = await Self.ends {
      let fresh = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)
      do {
        let data = try await fresh.data(for: Endpoint(.get, "/n/0"))
        answer.withLock { $0 = .success(data) }
      } catch {
        answer.withLock { $0 = .failure(error) }
      }
    }
    #expect(after)
    #expect(try answer.withLock { $0 }?.get() == Data("{}".utf8))
  }

  @Test func cancellingCallsWhileTheSessionIsBusyNeverBlocks() async throws {
    let server = try LoopbackServer { _ in .delayed(seconds: 0.05, .json("{}")) }
    defer { server.stop() }
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 30)
    let ended = await Self.ends {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<200 {
          group.addTask {
            let call = Task { try await client.data(for: Endpoint(.get, "/c/\(index)")) }
            // Cancel at different moments: before, during and after sending.
            try? await Task.sleep(for: .microseconds(index * 250 % 60_000))
            call.cancel()
            _ = await call.result
          }
        }
      }
    }
    #expect(ended)
    // A later request on the same client still gets its answer.
    let answer = Locked<Result<Data, any Error>?>(nil)
    let after = await Self.ends {
      do {
        let data = try await client.data(for: Endpoint(.get, "/after"))
        answer.withLock { $0 = .success(data) }
      } catch {
        answer.withLock { $0 = .failure(error) }
      }
    }
    #expect(after)
    #expect(try answer.withLock { $0 }?.get() == Data("{}".utf8))
  }
}
