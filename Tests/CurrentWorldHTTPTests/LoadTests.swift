import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(10))) struct LoadTests {
  /// The loopback connections of `port` still open in the kernel, on either
  /// end; TIME_WAIT entries hold no socket of any process and are left out.
  static func openConnections(port: UInt16) throws -> [String] {
    let hexPort = String(format: ":%04X", port)
    // Read to its end: `String(contentsOfFile:)` reads one page of a /proc
    // file, about 25 rows, so on a busy machine the rows of this port were
    // often never looked at.
    guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else {
      throw POSIXError(.ENOENT)
    }
    defer { try? file.close() }
    let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    return table.split(separator: "\n").dropFirst().filter { row in
      let columns = row.split(separator: " ")
      guard columns.count > 3 else { return false }
      let touchesPort = columns[1].hasSuffix(hexPort) || columns[2].hasSuffix(hexPort)
      let state = columns[3]
      return touchesPort && state != "06"  // 06 is TIME_WAIT
    }.map(String.init)
  }

  @Test func hundredConcurrentRequestsAllSucceedAndLeaveNothingBehind() async throws {
    let server = try LoopbackServer { request in
      .json(#"{"fact": "fact for \#(request.target)", "length": 1}"#)
    }
    let client = HTTPClient.live(baseURL: server.baseURL, configuration: .ephemeral, timeout: 20)

    let facts = try await withThrowingTaskGroup(of: (Int, CatFact).self) { group in
      for index in 0..<100 {
        group.addTask {
          (
            index,
            try await client.decode(
              CatFact.self, from: Endpoint(.get, "/fact").query("n", "\(index)"))
          )
        }
      }
      return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }

    #expect(facts.count == 100)
    #expect(facts.allSatisfy { index, fact in fact.fact == "fact for /fact?n=\(index)" })
    #expect(server.requests.count == 100)

    server.stop()
    #expect(server.runningThreads == 0)
    #if os(Linux)
      // The kernel may take a moment to retire the last client sockets.
      var open = try Self.openConnections(port: server.port)
      for _ in 0..<50 where !open.isEmpty {
        try await Task.sleep(for: .milliseconds(20))
        open = try Self.openConnections(port: server.port)
      }
      #expect(open.isEmpty, "still open: \(open)")
    #endif
  }

  #if os(Linux)
    @Test func theConnectionCheckSeesAnOpenConnection() throws {
      // Guards the check above: while a connection is open, it must see it.
      let server = try LoopbackServer { _ in .json("{}") }
      defer { server.stop() }
      let connection = try server.openConnection()
      defer { close(connection) }
      #expect(!(try Self.openConnections(port: server.port)).isEmpty)
    }
  #endif

  @Test func stoppingTheServerJoinsItsThreads() throws {
    let server = try LoopbackServer { _ in .json("{}") }
    #expect(server.runningThreads == 1)  // the accept loop
    server.stop()
    server.stop()
    #expect(server.runningThreads == 0)
  }
}
