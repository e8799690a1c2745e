import CurrentWorldSupport
import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A client that records outside any test world and is never released, as
/// an app's debugging recorder kept in a `static let`: its recording is
/// written as the process exits. Runs only in a child that names it.
@Suite(.enabled(if: ProbeProcess.current == "recording-exit"))
struct RecordingProbes {
  /// Kept for the process's life: never released, so only the exit writes.
  static let kept = Locked<HTTPClient?>(nil)

  @Test func recordsAndKeepsTheClient() async throws {
    let file = try #require(ProcessInfo.processInfo.environment["CURRENTWORLD_PROBE_FILE"])
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example")!, clock: { ContinuousClock() },
      now: { Date(timeIntervalSince1970: 1_800_000_000) },
      transport: { request in
        (
          Data(#"{"path":"\#(request.url?.path ?? "")"}"#.utf8),
          HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        )
      }
    ).replaying(.contentsOf(URL(fileURLWithPath: file), mode: .recordAll))
    Self.kept.withLock { $0 = client }
    _ = try await client.data(for: Endpoint(.get, "/kept-until-exit"))
    print("probe: written before exit: \(FileManager.default.fileExists(atPath: file))")
  }
}

/// Promise: a recording whose client is never released is written as the
/// process exits, whole.
@Suite(.enabled(if: ProbeProcess.isAvailable), .timeLimit(.minutes(10)))
struct RecordingProbeTests {
  @Test func aRecordingWhoseClientLivesOnIsWrittenAtExit() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-exit-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("exit.har")
    let outcome = try await ProbeProcess.swiftTesting(
      "recording-exit", filter: "RecordingProbes/recordsAndKeepsTheClient",
      environment: ["CURRENTWORLD_PROBE_FILE": file.path])
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("probe: written before exit: false"), "\(outcome.output)")
    let archive = try HTTPArchive(contentsOf: file)
    #expect(archive.entries.map(\.url.path) == ["/kept-until-exit"])
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("exit.har.lock").path),
      "the claim outlived the process")
  }
}
