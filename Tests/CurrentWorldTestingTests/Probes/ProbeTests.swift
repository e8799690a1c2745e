import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import Foundation
import Testing

/// Runs each probe in a child process and checks how it ended: a forgotten
/// override from detached work fails the run in both runners, with a message
/// that names both fixes; an escape is a warning, shown once; a write in a
/// test without a world fails it once.
@Suite(
  .enabled(if: ProbeProcess.isAvailable, "needs Linux's single .xctest test executable"),
  .timeLimit(.minutes(10)))
struct ProbeTests {
  static func expectNamesBothFixes(
    _ output: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for fix in ["@Test(.world)", "@Suite(.world)", "WorldTestCase"] {
      #expect(output.contains(fix), "the message names \(fix)", sourceLocation: sourceLocation)
    }
  }

  @Test func aLiveAPICalledFromDetachedWorkFailsTheSwiftTestingRun() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "detached-live-api", filter: "detachedLiveAPI")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("Current.catFactAPI.fetchFact was called"))
    Self.expectNamesBothFixes(outcome.output)
  }

  /// Promise: registering the XCTest observer from a thread that is not
  /// the main queue's returns while a `@MainActor` test holds that queue,
  /// and the main queue adds the observer on its next turn.
  @Test func registeringOffTheMainQueueWaitsForNothing() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "register-off-main", filter: "registerOffMain")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(
      outcome.output.contains("returned while the main actor was held, pending: true"),
      "\(outcome.output)")
    #expect(outcome.output.contains("added by the main queue: true"), "\(outcome.output)")
    #expect(!outcome.output.contains("warning"), "\(outcome.output)")
  }

  /// Promise (#85): a session's miss in a `WorldTestCase`, awaited in the
  /// test and let escape, is one issue at the `replaying` line; XCTest's
  /// own record of the escaping error says in one line that it was
  /// reported.
  @Test func aSessionMissInAWorldTestCaseIsOneIssueAtTheReplayingLine() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "xctest-session-miss", test: "WorldTestCaseProbes/testASessionMissEscapes")
    #expect(outcome.failed, "\(outcome.output)")
    let line = try #require(
      outcome.output.components(separatedBy: "replaying at line ").dropFirst().first?
        .prefix { $0.isNumber })
    let miss = "No recorded answer in the archive matches GET /missing."
    // The issue, once: only it has the whole message.
    let issue = "The closest recorded request is GET /recorded"
    #expect(outcome.output.components(separatedBy: issue).count == 2, "\(outcome.output)")
    #expect(!outcome.output.contains("(null)"), "\(outcome.output)")
    #expect(
      outcome.output.contains("XCTestProbes.swift:\(line): error: "), "\(outcome.output)")
    #expect(
      outcome.output.contains("CurrentWorld reported this as an issue, with the fix: \(miss)"),
      "\(outcome.output)")
    #expect(!outcome.output.contains("outside the test's task"), "\(outcome.output)")
  }

  /// Promise (#85): an unarranged `Current.urlSession` request in a
  /// `WorldTestCase` is one failure, placed at the line that read the
  /// session, on Linux as on Apple's systems.
  @Test func anUnarrangedSessionInAWorldTestCaseFailsAtItsRead() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "xctest-unarranged", test: "WorldTestCaseProbes/testUnarrangedSessionFailsAtItsRead")
    #expect(outcome.failed, "\(outcome.output)")
    let line = try #require(
      outcome.output.components(separatedBy: "read at line ").dropFirst().first?
        .prefix { $0.isNumber })
    let failure = "XCTestProbes.swift:\(line): error: "
    #expect(outcome.output.components(separatedBy: failure).count == 2, "\(outcome.output)")
    #expect(
      outcome.output.contains(
        "GET http://127.0.0.1:9/unarranged was sent through Current.urlSession"),
      "\(outcome.output)")
    #expect(outcome.output.contains("unarranged session threw URLError"), "\(outcome.output)")
  }

  /// Promise (#85): a plain XCTestCase that is the first to touch
  /// `Current` writes inside a test, which XCTest resets after: no
  /// warning says it wrote outside any test.
  @Test func aFirstWriteInAPlainXCTestCaseIsNoWriteOutsideTests() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "plain-xctest-first-write", test: "PlainXCTestCaseProbes/testFirstWriteInAPlainTest")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("wrote in the first test"), "\(outcome.output)")
    #expect(!outcome.output.contains("written outside any test"), "\(outcome.output)")
  }

  /// Promise: in XCTest, an observer left pending by a first read off the
  /// main thread is added by the next read on the main thread, so the
  /// world is reset around every later test.
  @Test func aPendingXCTestObserverIsAddedByAReadOnTheMainThread() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "plain-xctest-first-read-off-main",
      test: "PlainXCTestCaseProbes/testFirstReadOffTheMainThread")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(
      outcome.output.contains("pending after a read off the main thread: true"),
      "\(outcome.output)")
    #expect(
      outcome.output.contains("added by a read on the main thread: true"), "\(outcome.output)")
  }

  /// Promise: library code never waits for the main queue. A `@MainActor`
  /// test that is the process's first reader of `Current` (so it connects
  /// the test runners) gets the XCTest observer added at once, on its own
  /// queue, and no warning about XCTest in a run without XCTest tests
  /// (#67: it waited 10 s for the queue it held, then warned).
  @Test func aMainActorTestThatReadsCurrentFirstWaitsForNothing() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "main-actor-first-read", filter: "mainActorFirstRead")
    #expect(outcome.output.contains("observer added at once: true"), "\(outcome.output)")
    #expect(!outcome.output.contains("warning"), "\(outcome.output)")
    // The read without a world fails the test once, at the line that read.
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.components(separatedBy: "recorded an issue").count - 1 == 1)
    Self.expectPlaced(outcome.output, atLinePrintedAs: "first read at line ")
  }

  /// Expects the one issue of a test without a world at the line that the
  /// probe printed after `prefix`, where the toolchain can find places.
  static func expectPlaced(
    _ output: String, atLinePrintedAs prefix: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let printed = output.split(separator: "\n").first { $0.hasPrefix(prefix) }
    let line = printed.map { $0.dropFirst(prefix.count) } ?? "none"
    #if compiler(>=6.3)
      #expect(
        output.contains("recorded an issue at SwiftTestingProbes.swift:\(line):"), "\(output)",
        sourceLocation: sourceLocation)
    #else
      // No place is found below Swift 6.3: the issue is at the test.
      #expect(
        output.contains("recorded an issue at SwiftTestingProbes.swift:"), "\(output)",
        sourceLocation: sourceLocation)
    #endif
  }

  /// Promise: reading `World.test` changes no process state: a reporter
  /// that the app set is still the one that receives issues.
  @Test func readingTheTestWorldKeepsTheAppsReporter() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "world-test-keeps-reporter", filter: "worldTestKeepsTheAppsReporter")
    #expect(outcome.output.contains("app reporter: after World.test"), "\(outcome.output)")
  }

  @Test func aForgottenOverrideCalledFromAThreadFailsTheSwiftTestingRun() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "thread-forgotten-override", filter: "threadForgottenOverride")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("Current.analytics.log was called"))
    Self.expectNamesBothFixes(outcome.output)
  }

  @Test func aForgottenOverrideCalledFromAThreadFailsTheWorldTestCase() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "xctest-thread", test: "WorldTestCaseProbes/testForgottenOverrideFromAThread")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("with 1 failure"))
    #expect(outcome.output.contains("Current.analytics.log was called"))
    Self.expectNamesBothFixes(outcome.output)
  }

  /// Promise: in XCTest, a warning goes to standard error as
  /// `File:line: warning: CurrentWorld: …` and never fails the test, and a
  /// failure is recorded on the line that reported it.
  @Test func xcTestShowsWarningsAndPlacesFailures() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "xctest-report", test: "WorldTestCaseProbes/testReportsAWarningAndAFailure")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("with 1 failure"), "\(outcome.output)")
    #expect(outcome.output.contains("Probe/Here.swift:12: warning: CurrentWorld: probe warning"))
    let line = outcome.output.split(separator: "\n").first { $0.hasPrefix("failure line: ") }
    let number = try #require(line.map { $0.dropFirst("failure line: ".count) })
    #expect(
      outcome.output.contains("XCTestProbes.swift:\(number): error:")
        && outcome.output.contains("probe failure"), "\(outcome.output)")
  }

  /// Promise: work that escapes a `WorldTestCase`'s world and reads
  /// `Current` is warned about once, on standard error, and the test
  /// passes.
  @Test func anEscapeFromAWorldTestCaseIsAWarningShownOnce() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "xctest-escape", test: "WorldTestCaseProbes/testEscapedReads")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("escaped reads: 0, 0"), "\(outcome.output)")
    let warning = "warning: CurrentWorld: Current was read outside every test world"
    #expect(outcome.output.components(separatedBy: warning).count == 2, "\(outcome.output)")
  }

  /// Promise: with `.world(escapes: .fail)`, work that escapes the test's
  /// world fails the test, at the line that read `Current`, with the fix
  /// the warning names; without it the same escape is a warning (see
  /// ``anEscapeIsAWarningShownOncePerPlaceAtThatPlace()``).
  @Test func anEscapeFailsATestThatAsksForIt() async throws {
    let outcome = try await ProbeProcess.swiftTesting("escape-fails", filter: "escapeFails")
    #expect(outcome.failed, "\(outcome.output)")
    let message = "Current was read outside every test world while a test world was active"
    #expect(outcome.output.contains(message), "\(outcome.output)")
    #expect(outcome.output.contains("SharedWorld()"))
    #expect(outcome.output.contains("as escapes: .fail asked"), "\(outcome.output)")
    #expect(outcome.output.contains("Test escapeFails() recorded an issue"), "\(outcome.output)")
    #if compiler(>=6.3)
      let printed = outcome.output.split(separator: "\n").first { $0.hasPrefix("escape place: ") }
      let line = try #require(printed).dropFirst("escape place: ".count)
      #expect(
        outcome.output.contains("recorded an issue at SwiftTestingProbes.swift:\(line):"),
        "\(outcome.output)")
    #endif
  }

  /// Promise: a `WorldTestCase` whose `escapes` is `.fail` fails when its
  /// work escapes, naming the fix.
  @Test func anEscapeFailsAWorldTestCaseThatAsksForIt() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "xctest-escape-fails", test: "EscapeFailingProbes/testEscapedRead")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("escaped read: 0"), "\(outcome.output)")
    #expect(outcome.output.contains("as escapes: .fail asked"), "\(outcome.output)")
    #expect(outcome.output.contains("with 1 failure"), "\(outcome.output)")
  }

  /// Promise: connecting the test runners never replaces a reporter that
  /// code set before: it still receives the issue, and the test still
  /// fails, in both runners.
  @Test func aReporterThatCodeSetSurvivesTheRunnersConnecting() async throws {
    let swiftTesting = try await ProbeProcess.swiftTesting(
      "reporter-survives-connecting", filter: "reporterSurvivesConnecting")
    let xcTest = try await ProbeProcess.xcTest(
      "plain-xctest-reporter", test: "PlainXCTestCaseProbes/testReporterSurvivesConnecting")
    for outcome in [swiftTesting, xcTest] {
      #expect(outcome.failed, "\(outcome.output)")
      #expect(
        outcome.output.contains("app reporter received: Current.analytics.log was called"),
        "\(outcome.output)")
    }
  }

  @Test func aForgottenOverrideCalledFromGCDFailsAPlainXCTestCase() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "plain-xctest-gcd", test: "PlainXCTestCaseProbes/testForgottenOverrideFromGCD")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("Current.analytics.log was called"))
    Self.expectNamesBothFixes(outcome.output)
    // Corelibs XCTest cannot place a failure at the running test: the line
    // names the test, and the message the key's declaration.
    #expect(outcome.output.contains("PlainXCTestCaseProbes.testForgottenOverrideFromGCD"))
    #expect(outcome.output.contains("(The unimplemented value is declared at "))
  }

  /// Promise: in a plain XCTestCase, a failure that code reports from a
  /// GCD queue fails the running test at the line that reported it, with
  /// the message alone, as `XCTFail` there would, even when CurrentWorld
  /// never saw the test start.
  @Test func aReportFromGCDFailsAPlainXCTestCaseAtItsLine() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "plain-xctest-gcd-report", test: "PlainXCTestCaseProbes/testAReportFromGCD")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("with 1 failure"), "\(outcome.output)")
    let line = outcome.output.split(separator: "\n").first { $0.hasPrefix("report line: ") }
    let number = try #require(line.map { $0.dropFirst("report line: ".count) })
    let failure =
      "XCTestProbes.swift:\(number): error: PlainXCTestCaseProbes.testAReportFromGCD : "
      + "failed - probe failure from a queue\n"
    #expect(outcome.output.contains(failure), "\(outcome.output)")
  }

  /// Promise: a request through the unarranged `Current.urlSession` in a
  /// plain XCTestCase fails that test once, naming the request and the
  /// line that replays a recording, and throws `URLError`.
  @Test func anUnarrangedURLSessionFailsAPlainXCTestCase() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "plain-xctest-urlsession", test: "PlainXCTestCaseProbes/testUnarrangedURLSession")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("with 1 failure"), "\(outcome.output)")
    #expect(outcome.output.contains("GET https://api.example/probe"), "\(outcome.output)")
    #expect(
      outcome.output.contains(#"Current.urlSession = .replaying("Recordings/name.har")"#),
      "\(outcome.output)")
    #expect(outcome.output.contains("PlainXCTestCaseProbes.testUnarrangedURLSession"))
    #expect(outcome.output.contains("urlsession threw URLError"), "\(outcome.output)")
  }

  /// Promise: a sleep on `World.test`'s clock fails a plain XCTestCase at
  /// once, naming `Current.clock` and both fixes, and throws; it never waits.
  @Test func aSleepOnTheTestClockFailsAPlainXCTestCaseAtOnce() async throws {
    let outcome = try await ProbeProcess.xcTest(
      "plain-xctest-clock", test: "PlainXCTestCaseProbes/testSleepOnTheTestWorldsClock")
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("with 1 failure"))
    #expect(outcome.output.contains("Code slept for 60.0 seconds on Current.clock"))
    #expect(outcome.output.contains("Current.clock = TestClock()"))
    #expect(outcome.output.contains("Current.clock = ImmediateClock()"))
    #expect(outcome.output.contains("sleep threw UnimplementedError"))
    #expect(outcome.output.contains("(The unimplemented value is declared at "))
  }

  /// Promise: a read that escaped a test world is a warning (the run
  /// passes) placed at the line of the user's code that read `Current`,
  /// once per place: three reads from one line and one from another are
  /// two warnings, each naming its line.
  @Test func anEscapeIsAWarningShownOncePerPlaceAtThatPlace() async throws {
    let outcome = try await ProbeProcess.swiftTesting("escape-warning", filter: "escapeWarning")
    #expect(!outcome.failed, "\(outcome.output)")
    let printed = outcome.output.split(separator: "\n").first { $0.hasPrefix("escape places: ") }
    let lines = try #require(printed).dropFirst("escape places: ".count).split(separator: " ")
    try #require(lines.count == 2)
    let warning = "Current was read outside every test world while a test world was active"
    #expect(outcome.output.contains("SharedWorld()"))
    #expect(outcome.output.contains("req.world in CurrentWorldVapor"))
    #expect(!outcome.output.contains("Current.swift:1"))
    #if compiler(>=6.3)
      for line in lines {
        let place = "CurrentWorldTestingTests/SwiftTestingProbes.swift:\(line)"
        let atPlace = outcome.output.components(separatedBy: "\(warning), at \(place), in ")
        // Swift Testing's warning shows it once, and standard error once.
        #expect(atPlace.count - 1 == 2, "\(place): \(outcome.output)")
        #expect(outcome.output.contains("recorded a warning at SwiftTestingProbes.swift:\(line):"))
      }
    #else
      // Below Swift 6.3 no place is found: once, on the thread's name.
      #expect(outcome.output.components(separatedBy: warning).count - 1 >= 1)
    #endif
  }

  @Test func replacingTheProcessReporterThatHeldTheLastReferenceDoesNotDeadlock() async throws {
    let outcome = try await ProbeProcess.swiftTesting("reporter-swap", filter: "reporterSwap")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("swapped twice"))
  }

  @Test func aWriteInATestWithoutAWorldFailsItOnce() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "write-without-world", filter: "writeWithoutWorld")
    #expect(outcome.failed, "\(outcome.output)")
    // One issue for the test's reads and writes, naming what each does,
    // at its first write.
    let message = "Current was read or written in a test that has no test world"
    #expect(outcome.output.components(separatedBy: message).count - 1 == 1, "\(outcome.output)")
    #expect(outcome.output.components(separatedBy: "recorded an issue").count - 1 == 1)
    #expect(outcome.output.contains("a read sees the machine's clock"))
    #expect(outcome.output.contains("a write leaks into every later test"))
    Self.expectPlaced(outcome.output, atLinePrintedAs: "first write at line ")
    Self.expectNamesBothFixes(outcome.output)
  }

  @Test func theContextCanBeSetForATool() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "context", filter: "SwiftTestingProbes/context",
      environment: ["CURRENTWORLD_CONTEXT": "preview"])
    #expect(outcome.output.contains("context: preview"), "\(outcome.output)")
  }

  @Test func anUnknownContextIsReportedAndIgnored() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "context", filter: "SwiftTestingProbes/context",
      environment: ["CURRENTWORLD_CONTEXT": "staging"])
    #expect(outcome.output.contains("context: test"), "\(outcome.output)")
    #expect(outcome.output.contains("CURRENTWORLD_CONTEXT=staging"))
    // Placed nowhere, rather than at a made-up line of the library.
    #expect(
      outcome.output.contains("warning: CurrentWorld: CURRENTWORLD_CONTEXT=staging"),
      "\(outcome.output)")
    #expect(!outcome.output.contains("World+Context.swift"), "\(outcome.output)")
  }

  @Test func aPlainXCTestCaseWriteDoesNotLeakIntoTheNextTest() async throws {
    // A fresh process: CurrentWorld connects XCTest during the first test.
    let outcome = try await ProbeProcess.xcTest("plain-pair", test: "PlainXCTestCaseIsolationTests")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("Executed 2 tests, with 0 failures"))
  }

  /// Promise: XCTest's observer resets the process-wide world before each
  /// test (a class-level `setUp()` write never reaches it) and after it (a
  /// class-level `tearDown()` sees the world as launched).
  @Test func xcTestResetsTheWorldBeforeAndAfterEachTest() async throws {
    let outcome = try await ProbeProcess.xcTest("xctest-resets", test: "ResetAroundTestsProbes")
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("test sees score: 0"), "\(outcome.output)")
    #expect(outcome.output.contains("class tearDown sees score: 0"))
  }

  /// Promise: bootstrap configures the launch world once; only a second
  /// call or a use of `Current` closes it, not a `SharedWorld` or a scope
  /// made earlier, so debug accepts and refuses what release does (the
  /// release fixture makes the same calls), and the refusal names its cause.
  @Test func bootstrapConfiguresTheLaunchWorldOnce() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "bootstrap", filter: "SwiftTestingProbes/bootstrap",
      environment: ["CURRENTWORLD_CONTEXT": "live"])
    #expect(!outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains("score: 42, locale: fr_FR"), "\(outcome.output)")
    #expect(outcome.output.contains("shared score: 42"))
    #expect(outcome.output.contains("score after: 42"))
    #expect(outcome.output.components(separatedBy: "World.bootstrap was called").count == 3)
    #expect(outcome.output.contains("World.bootstrap was called a second time"))
    #expect(
      outcome.output.contains("World.bootstrap was called after Current was first read or written"))
  }

  /// Promise: in a test process, a write outside any test is warned about
  /// once, on standard error, with the fix; it fails no test.
  @Test func aWriteOutsideTestsIsAWarningShownOnce() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "write-outside-tests", filter: "SwiftTestingProbes/writeOutsideTests")
    #expect(!outcome.failed, "\(outcome.output)")
    let warning = "warning: CurrentWorld: Current was written outside any test, in a test process"
    #expect(outcome.output.components(separatedBy: warning).count == 2, "\(outcome.output)")
    Self.expectNamesBothFixes(outcome.output)
  }

  /// Promise: a bootstrap whose closure reads `Current` is refused, and
  /// says so: the read fixed the launch world first. Nothing is lost
  /// silently.
  @Test func aBootstrapThatReadsCurrentIsRefusedAloud() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "bootstrap-read", filter: "SwiftTestingProbes/bootstrapThatReadsCurrent",
      environment: ["CURRENTWORLD_CONTEXT": "live"])
    // The live world as launched: the score key's live value, not 142.
    #expect(outcome.output.contains("score: 100"), "\(outcome.output)")
    #expect(
      outcome.output.contains(
        "World.bootstrap's configuration changed nothing: Current was read or written while it ran"),
      "\(outcome.output)")
  }

  /// Promise (#88): a bootstrap refused because another thread read
  /// `Current` while it ran says so, rather than blame the configuration.
  @Test func aBootstrapBesideAConcurrentReaderNamesTheReader() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "bootstrap-concurrent", filter: "SwiftTestingProbes/bootstrapWhileAnotherThreadReads",
      environment: ["CURRENTWORLD_CONTEXT": "live"])
    #expect(outcome.output.contains("score: 100"), "\(outcome.output)")
    #expect(
      outcome.output.contains(
        "Current was read or written on another thread or task while it ran"),
      "\(outcome.output)")
    #expect(!outcome.output.contains("by the configuration itself"), "\(outcome.output)")
  }

  /// Promise: a refusal names what closed bootstrap; in an XCTest run
  /// that can be the observer's reset before a test, not a read.
  @Test func bootstrapRefusedInAnXCTestRunSaysTheTestRunClosedIt() async throws {
    let outcome = try await ProbeProcess.xcTest(
      BootstrapInXCTestProbes.name, test: "BootstrapInXCTestProbes")
    #expect(outcome.failed)
    #expect(
      outcome.output.contains("World.bootstrap was called after XCTest started running tests"),
      "\(outcome.output)")
    #expect(!outcome.output.contains("first read"))
  }

  @Test func bootstrapIsCheckedButNotAppliedInATestProcess() async throws {
    let outcome = try await ProbeProcess.swiftTesting(
      "bootstrap", filter: "SwiftTestingProbes/bootstrap")
    #expect(outcome.output.contains("score: 0, locale: "), "\(outcome.output)")
    #expect(!outcome.output.contains("locale: fr_FR"))
    #expect(outcome.output.contains("World.bootstrap was called a second time"))
  }

  /// On one CPU too, as in a container given one core: there corelibs'
  /// libcurl thread outran the delegate that counts the bytes, and had read
  /// the whole 100 MiB body before the delegate stopped it.
  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["CURRENTWORLD_SANITIZER"] == "thread",
      "ThreadSanitizer's shadow memory makes a memory figure meaningless; the plain run checks it"
    ),
    arguments: [false, true])
  func peakMemoryStaysNearTheResponseLimit(oneCPU: Bool) async throws {
    // The child measures its own peak while a 100 MiB body and a gzip bomb
    // that inflates to 200 MiB are refused at the default 10 MiB limit.
    let outcome = try await ProbeProcess.swiftTesting(
      "memory", filter: "MemoryProbe", oneCPU: oneCPU)
    #expect(!outcome.failed, "\(outcome.output)")
    let limitKiB = HTTPClient.defaultResponseSizeLimit / 1_024
    for name in ["plain-growth-kib", "gzip-growth-kib"] {
      let line = outcome.output.split(separator: "\n").first { $0.hasPrefix(name + ": ") }
      let growth = line.flatMap { Int($0.dropFirst(name.count + 2)) }
      #expect(growth != nil, "\(outcome.output)")
      #expect((growth ?? .max) < limitKiB + 16 * 1_024, "\(name) \(growth ?? -1) KiB")
    }
    #expect(outcome.output.contains("The response was larger than the limit of 10485760 bytes"))
  }
}
