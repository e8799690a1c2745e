import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Reads Linux's /proc, and gzips in a process.
#if os(Linux)
  /// Runs only in a child process that CurrentWorldTestingTests' ProbeTests
  /// starts with CURRENTWORLD_PROBE=memory: it measures how much the peak
  /// memory of its own process grows while the client refuses a 100 MiB body
  /// and a gzip bomb that inflates to 200 MiB, and prints both.
  @Suite(
    .enabled(if: ProcessInfo.processInfo.environment["CURRENTWORLD_PROBE"] == "memory"))
  struct MemoryProbe {
    /// The process's peak resident memory so far, in KiB (Linux's VmHWM).
    static func peakKiB() -> Int {
      let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
      return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    static func growth(of reply: LoopbackServer.Reply) async throws -> Int {
      let server = try LoopbackServer { _ in reply }
      defer { server.stop() }
      let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 60)
      let before = peakKiB()
      let result = await Task { try await client.data(for: Endpoint(.get, "/huge")) }.result
      let after = peakKiB()
      print("outcome: \(result)")
      return after - before
    }

    @Test func huge() async throws {
      let plain = try await Self.growth(
        of: .stream(
          headers: [:], chunk: Data(repeating: 0x61, count: 64 * 1_024), repeats: 1_600,
          declaresLength: false))
      print("plain-growth-kib: \(plain)")
      let bomb = try gzippedZeros(200 * 1_024 * 1_024)
      let inflated = try await Self.growth(
        of: .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb))
      print("gzip-growth-kib: \(inflated)")
    }
  }
#endif
