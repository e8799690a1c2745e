import CurrentWorld
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// When a recording is written: once its recorder's recording ends (its
/// test's end, its release), whole, and never as a file that the last
/// check refused.
@Suite(.timeLimit(.minutes(10))) struct RecordingEndTests {
  static let token = "tok-END-3f9a27c1"
  static let recordedAt = Date(timeIntervalSince1970: 1_800_000_000)

  /// A file in a folder of its own, removed after `body`.
  static func withFile<R>(_ body: (URL) async throws -> R) async rethrows -> R {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-end-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder.appendingPathComponent("end.har"))
  }

  /// A recording transport whose answers come from no server, and whose
  /// entries for `/leak` get the token smuggled in after redaction, as a
  /// redaction that missed a path would.
  static func transport(_ file: URL) -> HARTransport {
    HARTransport(
      file: file, mode: .recordAll, redaction: HARRedaction(), strict: false,
      place: .init(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
      environment: [:],
      afterRedaction: { entry in
        if entry.request.url.hasSuffix("/leak") {
          entry.response.headers?.append(HAR.NameValue(name: "X-Smuggled", value: token))
        }
      })
  }

  static func send(_ path: String, through transport: HARTransport) async throws {
    _ = try await transport.send(
      URLRequest(url: URL(string: "https://api.example\(path)")!),
      live: { request in
        (
          Data(#"{"path":"\#(request.url!.path)"}"#.utf8),
          HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        )
      }, token: { token }, now: { recordedAt })
  }

  /// Promise: a recording in a test's world is written as that test ends,
  /// not before, and a refusal then fails that test.
  @Test func aTestsRecordingIsWrittenAsItsWorldEnds() async throws {
    try await Self.withFile { file in
      let checks = TestEndChecks(testName: "a test of its own")
      var world = World.test
      world[TestEndChecksKey.self] = checks
      let transport = Self.transport(file)
      try await withWorld(world) {
        try await Self.send("/one", through: transport)
        try await Self.send("/two", through: transport)
      }
      #expect(!FileManager.default.fileExists(atPath: file.path), "written before the test ended")
      let log = ReportLog()
      await log.capture { checks.run() }
      #expect(log.messages.isEmpty, "\(log.messages)")
      #expect(try HTTPArchive(contentsOf: file).entries.map(\.url.path) == ["/one", "/two"])
      FileRecording.close(file)
    }
  }

  /// Promise: a client made outside tests and used by two tests one after
  /// the other has the file written as each of them ends.
  @Test func aClientUsedByTwoTestsIsWrittenAsEachEnds() async throws {
    try await Self.withFile { file in
      let transport = Self.transport(file)
      for (number, path) in ["/first", "/second"].enumerated() {
        let checks = TestEndChecks(testName: "test \(number)")
        var world = World.test
        world[TestEndChecksKey.self] = checks
        try await withWorld(world) { try await Self.send(path, through: transport) }
        checks.run()
        let written = try HTTPArchive(contentsOf: file).entries.map(\.url.path)
        #expect(written == Array(["/first", "/second"].prefix(number + 1)), "after test \(number)")
      }
      FileRecording.close(file)
    }
  }

  /// Promise: outside tests, a client's recording is written when the
  /// client is released.
  @Test func aClientsRecordingIsWrittenWhenItIsReleased() async throws {
    try await Self.withFile { file in
      let server = try LoopbackServer { request in .json(#"{"path":"\#(request.path)"}"#) }
      defer { server.stop() }
      func record() async throws -> Bool {
        let client = HTTPClient.live(
          baseURL: server.baseURL, clock: { ContinuousClock() }, now: { Self.recordedAt }
        ).replaying(.contentsOf(file, mode: .recordAll))
        _ = try await client.data(for: Endpoint(.get, "/kept"))
        return FileManager.default.fileExists(atPath: file.path)
      }
      #expect(try await record() == false, "written while the client was in use")
      // URLSession lets go of the client's last request on its own queue,
      // just after the answer.
      let written = Task {
        while !FileManager.default.fileExists(atPath: file.path) {
          try await Task.sleep(for: .milliseconds(10))
        }
      }
      #expect(await settled(written)?.isSuccess == true, "not written at the client's release")
      #expect(try HTTPArchive(contentsOf: file).entries.map(\.url.path) == ["/kept"])
      FileRecording.close(file)
    }
  }

  /// Promise: a write the last check refuses, after the same recording
  /// wrote the file once, puts back the file the recording found, byte
  /// for byte, and names the entry; the next end writes nothing more.
  @Test func aRefusedWritePutsBackTheFileTheRecordingFound() async throws {
    try await Self.withFile { file in
      let earlier = Self.transport(file)
      try await Self.send("/earlier", through: earlier)
      FileRecording.close(file)  // an earlier run's file
      let found = try Data(contentsOf: file)

      let transport = Self.transport(file)
      try await Self.send("/ok", through: transport)
      transport.endRecording()
      #expect(try Data(contentsOf: file) != found, "the first end wrote the file")
      try await Self.send("/leak", through: transport)
      let log = ReportLog()
      await log.capture { transport.endRecording() }
      let message = try #require(log.messages.first)
      #expect(
        message.contains(#"log.entries[1].response.headers["X-Smuggled"] holds a secret"#),
        "\(message)")
      #expect(!message.contains(Self.token))
      #expect(try Data(contentsOf: file) == found, "the file the recording found is back")
      await log.capture { transport.endRecording() }
      #expect(log.messages.count == 1, "one refusal is reported once: \(log.messages)")
      FileRecording.close(file)
    }
  }

  /// Promise: a refused recording of a file that did not exist leaves no
  /// file.
  @Test func aRefusedFirstRecordingLeavesNoFile() async throws {
    try await Self.withFile { file in
      let transport = Self.transport(file)
      try await Self.send("/ok", through: transport)
      transport.endRecording()
      #expect(FileManager.default.fileExists(atPath: file.path))
      try await Self.send("/leak", through: transport)
      let log = ReportLog()
      await log.capture { transport.endRecording() }
      #expect(log.messages.count == 1)
      #expect(!FileManager.default.fileExists(atPath: file.path), "a refused file is gone")
      FileRecording.close(file)
    }
  }
}
