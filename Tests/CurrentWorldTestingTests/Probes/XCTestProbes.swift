import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// XCTest probes, in a `WorldTestCase`: each runs only in a child process
/// that names it (see ``ProbeProcess``), and skips anywhere else.
final class WorldTestCaseProbes: WorldTestCase {
  func testForgottenOverrideFromAThread() throws {
    try XCTSkipUnless(ProbeProcess.current == "xctest-thread", "a probe for a child process")
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      // The process-wide world has the test context: the key's test value
      // is unimplemented, and the call fails the running test.
      Current.analytics.log("never overridden")
      done.signal()
    }
    done.wait()
  }

  /// A replay's miss through a session, awaited in the test and let
  /// escape: one issue, at the `replaying` line, which the probe prints.
  func testASessionMissEscapes() async throws {
    try XCTSkipUnless(ProbeProcess.current == "xctest-session-miss", "a probe for a child process")
    let entry =
      #"{"request":{"method":"GET","url":"http://127.0.0.1:9/recorded"},"#
      + #""response":{"status":200,"headers":[],"content":{"mimeType":"text/plain","text":"ok"}}}"#
    let archive = try HTTPArchive(
      data: Data(#"{"log":{"version":"1.2","entries":[\#(entry)]}}"#.utf8))
    print("replaying at line \(#line + 1)")
    Current.urlSession = .replaying(.archive(archive))
    _ = try await Current.urlSession.data(from: URL(string: "http://127.0.0.1:9/missing")!)
  }

  /// A request through the unarranged `Current.urlSession`: its failure
  /// is placed at the line that read it, which the probe prints.
  func testUnarrangedSessionFailsAtItsRead() async throws {
    try XCTSkipUnless(ProbeProcess.current == "xctest-unarranged", "a probe for a child process")
    print("read at line \(#line + 1)")
    let session = Current.urlSession
    do {
      _ = try await session.data(from: URL(string: "http://127.0.0.1:9/unarranged")!)
      print("unarranged session answered")
    } catch {
      print("unarranged session threw \(type(of: error))")
    }
  }

  /// A warning with a place, then a failure: the warning goes to standard
  /// error only, and the failure fails the test on the line that reported
  /// it, which the probe prints.
  func testReportsAWarningAndAFailure() throws {
    try XCTSkipUnless(ProbeProcess.current == "xctest-report", "a probe for a child process")
    IssueReporter.current.report(
      ReportedIssue(
        message: "probe warning", fileID: "Probe/Here.swift", filePath: "/probe/Here.swift",
        line: 12, column: 3, severity: .warning))
    print("failure line: \(#line + 1)")
    IssueReporter.report("probe failure")
  }

  /// Work that escapes the test's world and reads `Current` twice at one
  /// place. The second read waits until the first is placed, so that both
  /// are reported in the test whatever a symbolication takes: the test's
  /// end waits for places 10 s at most, and under a sanitizer on a busy
  /// machine the first place came after that.
  func testEscapedReads() throws {
    try XCTSkipUnless(ProbeProcess.current == "xctest-escape", "a probe for a child process")
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var scores: [Int] = []
      for _ in 0..<2 {
        scores.append(Current.score)
        _ = TestWorlds.escapesSettled(blockingWithin: 300)
      }
      print("escaped reads: \(scores[0]), \(scores[1])")
      done.signal()
    }
    done.wait()
  }
}

/// A `WorldTestCase` whose tests fail on escapes.
final class EscapeFailingProbes: WorldTestCase {
  override var escapes: EscapePolicy { .fail }

  /// Work that escapes the test's world and reads `Current`.
  func testEscapedRead() throws {
    try XCTSkipUnless(ProbeProcess.current == "xctest-escape-fails", "a probe for a child process")
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      print("escaped read: \(Current.score)")
      done.signal()
    }
    done.wait()
  }
}

/// The same, in a plain `XCTestCase` that never names CurrentWorldTesting's
/// types: CurrentWorld connects the runner by itself.
final class PlainXCTestCaseProbes: XCTestCase {
  func testSleepOnTheTestWorldsClock() async throws {
    try XCTSkipUnless(ProbeProcess.current == "plain-xctest-clock", "a probe for a child process")
    await withWorld(World.test) {
      do {
        try await Current.clock.sleep(for: .seconds(60))
        print("slept")
      } catch {
        print("sleep threw \(type(of: error))")
      }
    }
  }

  func testReporterSurvivesConnecting() throws {
    try XCTSkipUnless(
      ProbeProcess.current == "plain-xctest-reporter", "a probe for a child process")
    IssueReporter.current = IssueReporter { issue in
      print("app reporter received: \(issue.message.prefix(40))")
    }
    Current.analytics.log("never overridden")
  }

  func testFirstWriteInAPlainTest() throws {
    try XCTSkipUnless(
      ProbeProcess.current == "plain-xctest-first-write", "a probe for a child process")
    // The process's first touch of Current: the observer is added now,
    // during this test, and never sees it start.
    Current.score = 3
    XCTAssertEqual(Current.score, 3)
    print("wrote in the first test")
  }

  func testFirstReadOffTheMainThread() throws {
    try XCTSkipUnless(
      ProbeProcess.current == "plain-xctest-first-read-off-main", "a probe for a child process")
    let before = XCTestRun.registrations
    // The process's first read, on a thread of its own while XCTest holds
    // the main thread: the observer waits for the main queue.
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = Current.score
      done.signal()
    }
    done.wait()
    print("pending after a read off the main thread: \(XCTestRun.isPending)")
    // A read on the main thread adds it, before any later test starts.
    _ = Current.score
    let added = XCTestRun.registrations == before + 1 && !XCTestRun.isPending
    print("added by a read on the main thread: \(added)")
  }

  /// A request through the unarranged `Current.urlSession` in the seeds'
  /// style, with no world of the test's own.
  func testUnarrangedURLSession() async throws {
    try XCTSkipUnless(
      ProbeProcess.current == "plain-xctest-urlsession", "a probe for a child process")
    do {
      _ = try await Current.urlSession.data(from: URL(string: "https://api.example/probe")!)
      print("urlsession answered")
    } catch {
      print("urlsession threw \(type(of: error))")
    }
  }

  /// A failure reported from a GCD queue by a call with a compiled place,
  /// in the process's first test: the observer never saw it start, so
  /// only XCTest knows the running test. The probe prints the line.
  func testAReportFromGCD() throws {
    try XCTSkipUnless(
      ProbeProcess.current == "plain-xctest-gcd-report", "a probe for a child process")
    _ = Current.score
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      print("report line: \(#line + 1)")
      IssueReporter.report("probe failure from a queue")
      done.signal()
    }
    done.wait()
  }

  func testForgottenOverrideFromGCD() throws {
    try XCTSkipUnless(ProbeProcess.current == "plain-xctest-gcd", "a probe for a child process")
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      Current.analytics.log("never overridden")
      done.signal()
    }
    done.wait()
  }
}

/// Bootstrap inside an XCTest run, after the observer reset the
/// process-wide world for a test, though nothing read `Current`.
final class BootstrapInXCTestProbes: XCTestCase {
  static let name = "xctest-bootstrap"

  func testA_connectsTheObserver() throws {
    try XCTSkipUnless(ProbeProcess.current == Self.name, "a probe for a child process")
    // Entering a scope makes the process-wide box, which connects the test
    // runners, and reads nothing, so bootstrap stays open until XCTest's
    // reset before the next test closes it.
    withWorld(World.live) {}
  }

  func testB_bootstraps() throws {
    try XCTSkipUnless(ProbeProcess.current == Self.name, "a probe for a child process")
    World.bootstrap { $0.score = 42 }
  }
}

/// The resets around each XCTest test, which a plain `XCTestCase` in the
/// seeds' style relies on: a write in a class-level `setUp()` never reaches
/// a test, and a class-level `tearDown()` after the last test sees the world
/// as launched. Each prints what it saw; ``ProbeTests`` checks it.
final class ResetAroundTestsProbes: XCTestCase {
  static let name = "xctest-resets"

  override class func setUp() {
    super.setUp()
    guard ProbeProcess.current == name else { return }
    Current.score = 41
  }

  func testSeesNoClassSetUpWrite() throws {
    try XCTSkipUnless(ProbeProcess.current == Self.name, "a probe for a child process")
    print("test sees score: \(Current.score)")
    Current.score = 43
  }

  override class func tearDown() {
    if ProbeProcess.current == name { print("class tearDown sees score: \(Current.score)") }
    super.tearDown()
  }
}
