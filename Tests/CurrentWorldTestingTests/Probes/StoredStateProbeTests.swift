import Foundation
import Testing

@testable import CurrentWorldHTTP

/// Promise: nothing a test's settings or folders made outlives the run,
/// except a failed test's folders, which are kept and named; a write to
/// the real settings store is reported with its keys; a live process reads
/// the platform's own and makes nothing; a preview leaves nothing. Each
/// child runs with a temporary directory and a home of its own.
@Suite(.enabled(if: ProbeProcess.isAvailable), .timeLimit(.minutes(10)))
struct StoredStateProbeTests {
  /// A fresh temporary directory and home for one child.
  struct Sandbox {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("CurrentWorldProbe-\(UUID().uuidString)")
    var temporary: URL { root.appendingPathComponent("tmp") }
    var home: URL { root.appendingPathComponent("home") }

    init() throws {
      try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var environment: [String: String] { ["TMPDIR": temporary.path, "HOME": home.path] }

    /// Everything under the child's temporary directory and home.
    func leftovers() -> [String] {
      let files = FileManager.default
      return [temporary, home].flatMap { folder in
        (files.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).map {
          "\(folder.lastPathComponent)/\($0)"
        }
      }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Runs the Swift Testing probe `name` here, in `context` if given.
    func swiftTesting(_ name: String, filter: String, context: String? = nil) async throws
      -> ProbeProcess.Outcome
    {
      var environment = environment
      environment["CURRENTWORLD_CONTEXT"] = context
      return try await ProbeProcess.swiftTesting(name, filter: filter, environment: environment)
    }

    /// Runs the XCTest probe `name` here.
    func xcTest(_ name: String, test: String) async throws -> ProbeProcess.Outcome {
      try await ProbeProcess.xcTest(name, test: test, environment: environment)
    }
  }

  @Test func aPassingRunLeavesNothing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-run", filter: "StoredStateProbes/writesAndPasses")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("passed"), "\(outcome.output)")
    #expect(sandbox.leftovers() == [], "\(outcome.output)")
  }

  @Test func aStoreWrittenAfterItsTestIsStillRemovedAtExit() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting("stored-late", filter: "StoredStateProbes")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("late write done, after the end"), "\(outcome.output)")
    #expect(sandbox.leftovers() == [], "\(outcome.output)")
  }

  @Test func plainXCTestCasesEachGetTheirOwnAndLeaveNothing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.xcTest("stored-xctest", test: "StoredStatePlainXCTestProbes")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("Executed 3 tests, with 0 failures"), "\(outcome.output)")
    // Its write to the real store is named, with the test, as the run ends.
    #expect(outcome.output.contains("\"probe.standard.plain\""), "\(outcome.output)")
    #expect(outcome.output.contains("testCWritesTheStandardStore"), "\(outcome.output)")
    #expect(sandbox.leftovers() == [], "\(outcome.output)")
  }

  /// Promise: a failed plain `XCTestCase` test's folders are kept, and
  /// named on standard error with the test, as it ends; the next test's
  /// start does not remove them.
  @Test func aFailedPlainXCTestCasesFoldersAreKeptAndNamed() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.xcTest(
      "stored-xctest-fails", test: "StoredStatePlainXCTestFailingProbes")
    #expect(outcome.output.contains("Executed 2 tests, with 1 failure"), "\(outcome.output)")
    #expect(!outcome.output.contains("leaked"), "\(outcome.output)")
    try Self.expectKept(outcome.output, contents: "left for you, plain")
    #expect(
      outcome.output.contains("testAWritesAndFails: The test failed, so its folders"),
      "\(outcome.output)")
    let kept = sandbox.leftovers().filter { $0.hasSuffix(".txt") }
    #expect(kept.count == 1, "\(kept)")
  }

  @Test func aFailedTestsFoldersAreKeptAndNamed() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-fails", filter: "StoredStateProbes/writesAndFails")
    #expect(outcome.failed, "\(outcome.output)")
    try Self.expectKept(outcome.output, contents: "left for you")
  }

  @Test func aFailedWorldTestCasesFoldersAreKeptAndTheOthersAreNot() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.xcTest(
      "stored-worldtestcase", test: "StoredStateWorldTestCaseProbes")
    #expect(outcome.output.contains("Executed 2 tests, with 2 failures"), "\(outcome.output)")
    #expect(!outcome.output.contains("leaked"), "\(outcome.output)")
    try Self.expectKept(outcome.output, contents: "B")
    // Only the failed test's folder is left.
    let kept = sandbox.leftovers().filter { $0.hasSuffix(".txt") }
    #expect(kept.count == 1, "\(kept)")
  }

  /// The failure names the kept folder, and the test's file is in it.
  static func expectKept(_ output: String, contents: String) throws {
    let line = try #require(
      output.split(separator: "\n").first { $0.hasPrefix("probe file: ") }, "\(output)")
    let file = String(line.dropFirst("probe file: ".count))
    let root = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
    #expect(output.contains("were kept for you to look at: \(root.path)"), "\(output)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) == contents)
  }

  @Test func aWriteToTheRealStoreFailsTheTestThatAloneRan() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-standard", filter: "StoredStateProbes/writesTheStandardStore")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(
      outcome.output.contains(
        "This test wrote UserDefaults.standard, the app's real settings"),
      "\(outcome.output)")
    #expect(outcome.output.contains("key \"probe.standard.alone\""), "\(outcome.output)")
    #expect(outcome.output.contains("Write Current.defaults instead"), "\(outcome.output)")
  }

  @Test func aWriteBesideAnotherTestIsReportedAtTheEnd() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-standard-parallel", filter: "StoredStateProbes")
    let report = try #require(
      outcome.output.split(separator: "\n").first {
        $0.hasPrefix("CurrentWorld: while tests ran, UserDefaults.standard")
      }, "\(outcome.output)")
    #expect(report.contains("\"probe.standard.parallel\""))
    #expect(report.contains("writesTheStandardStoreBesideAnother()"), "\(report)")
    #expect(report.contains("runsBesideTheWriter()"), "\(report)")
  }

  @Test func aLiveProcessReadsThePlatformsOwnAndMakesNothing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-live", filter: "StoredStateProbes/readsTheLiveFields", context: "live")
    #expect(!outcome.failed, "\(outcome.output)")
    for fact in [
      "context: live", "standard: true", "platform folders: true", "process environment: true",
      "seeded: false",
    ] {
      #expect(outcome.output.contains(fact), "\(fact): \(outcome.output)")
    }
    #expect(sandbox.leftovers() == [], "\(outcome.output)")
  }

  @Test func aLiveProcessMakesNoSessionRoute() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-live-session", filter: "StoredStateProbes/readsTheLiveURLSession", context: "live")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("shared session: true"), "\(outcome.output)")
    #expect(outcome.output.contains("session routes made: 0"), "\(outcome.output)")
  }

  @Test func aLiveReplayingSessionLetsGoWhenInvalidated() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-live-session-invalidated", filter: "StoredStateProbes/aLiveReplayingSessionLetsGo",
      context: "live")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("answered: ok"), "\(outcome.output)")
    #expect(outcome.output.contains("routes kept before: 1"), "\(outcome.output)")
    #expect(outcome.output.contains("routes kept after: 0"), "\(outcome.output)")
    #expect(
      outcome.output.contains(
        "1 recorded answer(s) in the archive were never requested: GET /unused"),
      "\(outcome.output)")
  }

  /// Promise (#85): sixteen parameterized cases recording one path, each
  /// in its own test world, keep all sixteen entries (before, the last
  /// writer's alone survived), and a second run replays every one without
  /// sending; the recording's claim is gone once each run has ended.
  @Test func sixteenCasesRecordingOnePathKeepEveryEntry() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let file = sandbox.temporary.appendingPathComponent("Recordings/greet.har")
    let first = try await sandbox.swiftTesting(
      "stored-shared-recording", filter: "StoredStateProbes/recordsOnePath")
    #expect(!first.failed, "\(first.output)")
    #expect(first.output.components(separatedBy: "sent n=").count == 17, "\(first.output)")
    let archive = try HTTPArchive(contentsOf: file)
    #expect(
      Set(archive.entries.compactMap { $0.url.query }) == Set((0..<16).map { "n=\($0)" }),
      "\(archive.entries.map { $0.url })")
    let folder = file.deletingLastPathComponent().path
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["greet.har"])
    let second = try await sandbox.swiftTesting(
      "stored-shared-recording", filter: "StoredStateProbes/recordsOnePath")
    #expect(!second.failed, "\(second.output)")
    #expect(!second.output.contains("sent n="), "\(second.output)")
  }

  @Test func aPreviewLeavesNothing() async throws {
    let sandbox = try Sandbox()
    defer { sandbox.remove() }
    let outcome = try await sandbox.swiftTesting(
      "stored-preview", filter: "StoredStateProbes/writesInAPreview", context: "preview")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("context: preview"), "\(outcome.output)")
    #expect(outcome.output.contains("standard: false"), "\(outcome.output)")
    #expect(outcome.output.contains("preview file: \(sandbox.temporary.path)"), "\(outcome.output)")
    #expect(sandbox.leftovers() == [], "\(outcome.output)")
  }
}
