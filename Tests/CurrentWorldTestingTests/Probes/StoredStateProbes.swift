import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import Testing
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Probes of the stored-state fields: each runs only in a child process
/// that names it (see ``ProbeProcess``), with a temporary directory and a
/// home of its own, which ``StoredStateProbeTests`` inspects afterwards.
@Suite(.enabled(if: ProbeProcess.current?.hasPrefix("stored-") == true))
struct StoredStateProbes {
  /// Parallel tests that write their settings and files, and pass.
  @Test(.world, .enabled(if: ProbeProcess.current == "stored-run"), arguments: 0..<8)
  func writesAndPasses(_ number: Int) async throws {
    Current.defaults.set(number, forKey: "probe.number")
    Current.defaults.synchronize()
    let file = Current.directories.applicationSupport.appendingPathComponent("n.txt")
    try Data("\(number)".utf8).write(to: file)
    await Task.yield()
    #expect(Current.defaults.integer(forKey: "probe.number") == number)
  }

  /// A test that writes a file and then fails by throwing.
  @Test(.world, .enabled(if: ProbeProcess.current == "stored-fails"))
  func writesAndFails() throws {
    let file = Current.directories.documents.appendingPathComponent("draft.txt")
    try Data("left for you".utf8).write(to: file)
    print("probe file: \(file.path)")
    try #require(Bool(false), "fails on purpose")
  }

  /// A test that writes the real settings store, alone.
  @Test(.world, .enabled(if: ProbeProcess.current == "stored-standard"))
  func writesTheStandardStore() {
    UserDefaults.standard.set(true, forKey: "probe.standard.alone")
  }

  /// Two tests that run at once, one of which writes the real store: which
  /// one cannot be told. Each waits for the other (a minute at most), so
  /// they overlap however the machine schedules them.
  @Test(.world, .enabled(if: ProbeProcess.current == "stored-standard-parallel"))
  func writesTheStandardStoreBesideAnother() async throws {
    try await Self.waitFor(Self.besideStarted)
    UserDefaults.standard.set(1, forKey: "probe.standard.parallel")
    // Set after the write: the test beside this one ends after it, so the
    // write is found while both ran.
    Self.writerWrote.withLock { $0 = true }
  }

  @Test(.world, .enabled(if: ProbeProcess.current == "stored-standard-parallel"))
  func runsBesideTheWriter() async throws {
    Self.besideStarted.withLock { $0 = true }
    try await Self.waitFor(Self.writerWrote)
  }

  static let besideStarted = Locked(false)
  static let writerWrote = Locked(false)

  /// Waits until `flag` is set, a minute at most.
  static func waitFor(_ flag: Locked<Bool>) async throws {
    for _ in 0..<6_000 where !flag.withLock({ $0 }) {
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Code that kept the test's store and folder writes them after the test
  /// ended (once its end removed the store's file), while another test
  /// keeps the process running until that write is done.
  @Test(.world, .enabled(if: ProbeProcess.current == "stored-late"))
  func keepsItsStoreForLater() {
    Current.defaults.set("early", forKey: "probe.late")
    Current.defaults.synchronize()
    let writer = LateWriter(defaults: Current.defaults, caches: Current.directories.caches)
    Thread.detachNewThread { writer.writeOnceRemoved() }
  }

  @Test(.enabled(if: ProbeProcess.current == "stored-late"))
  func outlivesTheLateWrite() async throws {
    // Bounded: a loaded machine may take a while, never forever.
    for _ in 0..<6_000 where !LateWriter.done.withLock({ $0 }) {
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// The live world, as an app's process sees it: the platform's own, and
  /// nothing made that was not read.
  @Test(.enabled(if: ProbeProcess.current == "stored-live"))
  func readsTheLiveFields() {
    print("context: \(Current.context)")
    print("standard: \(Current.defaults === UserDefaults.standard)")
    print("platform folders: \(Current.directories == AppDirectories.platform)")
    print("process environment: \(Current.environment == ProcessInfo.processInfo.environment)")
    var random = Current.random
    var seeded = RandomSource.seeded(RandomSource.testSeed)
    print("seeded: \(random.next() == seeded.next())")
  }

  /// #85: the live URL session is the shared one, and reading it makes no
  /// route (corelibs' shared session makes its own cache folder, so this
  /// probe is apart from the one that looks for files).
  @Test(.enabled(if: ProbeProcess.current == "stored-live-session"))
  func readsTheLiveURLSession() {
    print("shared session: \(Current.urlSession === URLSession.shared)")
    print("session routes made: \(SessionRoutesMade.count)")
  }

  /// #85: a replaying session made outside any test lets its route go
  /// when it is invalidated, and its transport with it, so that a strict
  /// replay's unused answer is reported then.
  @Test(.enabled(if: ProbeProcess.current == "stored-live-session-invalidated"))
  func aLiveReplayingSessionLetsGoWhenInvalidated() async throws {
    let entries = ["used", "unused"].map { path in
      #"{"request":{"method":"GET","url":"http://127.0.0.1:9/\#(path)"},"#
        + #""response":{"status":200,"headers":[],"content":{"mimeType":"text/plain","text":"ok"}}}"#
    }
    let archive = try HTTPArchive(
      data: Data(#"{"log":{"version":"1.2","entries":[\#(entries.joined(separator: ","))]}}"#.utf8))
    let session = URLSession.replaying(.archive(archive, strict: true))
    let (data, _) = try await session.data(from: URL(string: "http://127.0.0.1:9/used")!)
    print("answered: \(String(decoding: data, as: UTF8.self))")
    print("routes kept before: \(SessionRoutesMade.kept)")
    session.invalidateAndCancel()
    // The delegate hears of the invalidation on its own queue.
    let deadline = ContinuousClock.now + .seconds(30)
    while SessionRoutesMade.kept > 0 && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    print("routes kept after: \(SessionRoutesMade.kept)")
  }

  /// #85: sixteen parameterized cases, each in its own world, record one
  /// path: the file keeps every case's entry. A second run replays it.
  @Test(
    .world, .enabled(if: ProbeProcess.current == "stored-shared-recording"), arguments: 0..<16)
  func recordsOnePath(case index: Int) async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("Recordings/greet.har")
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example")!, clock: { ContinuousClock() },
      transport: { request in
        print("sent \(request.url?.query ?? "")")
        let body = Data(#"{"n":"\#(request.url?.query ?? "")"}"#.utf8)
        return (
          body,
          HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        )
      }
    ).replaying(.contentsOf(file, mode: .recordIfMissing))
    let data = try await client.data(for: Endpoint(.get, "/greet").query("n", "\(index)"))
    #expect(data == Data(#"{"n":"n=\#(index)"}"#.utf8))
  }

  /// A preview's settings and folders, written and synchronized: nothing is
  /// left once the preview's process exits.
  @Test(.enabled(if: ProbeProcess.current == "stored-preview"))
  func writesInAPreview() throws {
    print("context: \(Current.context)")
    Current.defaults.set("preview", forKey: "probe.preview")
    Current.defaults.synchronize()
    print("standard: \(Current.defaults === UserDefaults.standard)")
    let file = Current.directories.documents.appendingPathComponent("preview.txt")
    try Data("preview".utf8).write(to: file)
    print("preview file: \(file.path)")
  }
}

/// A store and a folder kept by code that outlives its test.
final class LateWriter: @unchecked Sendable {
  // @unchecked Sendable: written once, from one thread, after the test.
  let defaults: UserDefaults
  let caches: URL

  /// Whether the late write is done.
  static let done = Locked(false)

  init(defaults: UserDefaults, caches: URL) {
    self.defaults = defaults
    self.caches = caches
  }

  /// Waits (a minute at most) until the test's end has removed the
  /// store's file, then writes the store and the folder again.
  func writeOnceRemoved() {
    let temporary = FileManager.default.temporaryDirectory.path
    let stores = {
      ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [])
        .filter { $0.hasPrefix("CurrentWorld-defaults-") }
    }
    for _ in 0..<6_000 where !stores().isEmpty { usleep(10_000) }
    let removed = stores().isEmpty
    defaults.set("late", forKey: "probe.late")
    defaults.synchronize()
    try? FileManager.default.createDirectory(at: caches, withIntermediateDirectories: true)
    try? Data("late".utf8).write(to: caches.appendingPathComponent("late.txt"))
    print(removed ? "late write done, after the end" : "late write before the end")
    Self.done.withLock { $0 = true }
  }
}

/// A plain `XCTestCase`, in the seeds' style: the class's setUp and the
/// first test write the settings and a file; the second test finds
/// neither, nor does the first find the class's. Runs in a child process.
final class StoredStatePlainXCTestProbes: XCTestCase {
  override class func setUp() {
    super.setUp()
    if ProbeProcess.current == "stored-xctest" {
      Current.defaults.set("class", forKey: "probe.class")
    }
  }

  func testAWritesSettingsAndAFile() throws {
    try XCTSkipUnless(ProbeProcess.current == "stored-xctest", "a probe for a child process")
    XCTAssertNil(Current.defaults.object(forKey: "probe.class"), "the class's setting leaked")
    XCTAssertNil(Current.defaults.object(forKey: "probe.plain"))
    Current.defaults.set("A", forKey: "probe.plain")
    Current.defaults.synchronize()
    let file = Current.directories.documents.appendingPathComponent("plain.txt")
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    try Data("A".utf8).write(to: file)
    XCTAssertEqual(Current.defaults.string(forKey: "probe.plain"), "A")
  }

  func testBFindsNeither() throws {
    try XCTSkipUnless(ProbeProcess.current == "stored-xctest", "a probe for a child process")
    XCTAssertNil(Current.defaults.object(forKey: "probe.plain"), "test A's setting leaked")
    let file = Current.directories.documents.appendingPathComponent("plain.txt")
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "test A's file leaked")
  }

  func testCWritesTheStandardStore() throws {
    try XCTSkipUnless(ProbeProcess.current == "stored-xctest", "a probe for a child process")
    UserDefaults.standard.set(3, forKey: "probe.standard.plain")
  }
}

/// A plain `XCTestCase` whose first test fails on purpose: its folders are
/// kept and named as it ends, and the next test's start leaves them.
final class StoredStatePlainXCTestFailingProbes: XCTestCase {
  func testAWritesAndFails() throws {
    try XCTSkipUnless(ProbeProcess.current == "stored-xctest-fails", "a probe for a child process")
    let file = Current.directories.documents.appendingPathComponent("plain-failed.txt")
    try Data("left for you, plain".utf8).write(to: file)
    print("probe file: \(file.path)")
    XCTFail("fails on purpose")
  }

  func testBFindsNothing() throws {
    try XCTSkipUnless(ProbeProcess.current == "stored-xctest-fails", "a probe for a child process")
    let file = Current.directories.documents.appendingPathComponent("plain-failed.txt")
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "test A's file leaked")
  }
}

/// The same in a `WorldTestCase`, whose second test fails on purpose.
final class StoredStateWorldTestCaseProbes: WorldTestCase {
  func testAWritesSettingsAndAFile() throws {
    try XCTSkipUnless(ProbeProcess.current == "stored-worldtestcase", "a probe for a child process")
    XCTAssertNil(Current.defaults.object(forKey: "probe.case"))
    Current.defaults.set("A", forKey: "probe.case")
    try Data("A".utf8).write(
      to: Current.directories.documents.appendingPathComponent("case.txt"))
  }

  func testBFindsNeitherAndFails() throws {
    try XCTSkipUnless(ProbeProcess.current == "stored-worldtestcase", "a probe for a child process")
    XCTAssertNil(Current.defaults.object(forKey: "probe.case"), "test A's setting leaked")
    let file = Current.directories.documents.appendingPathComponent("case.txt")
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "test A's file leaked")
    try Data("B".utf8).write(to: file)
    print("probe file: \(file.path)")
    XCTFail("fails on purpose")
  }
}
