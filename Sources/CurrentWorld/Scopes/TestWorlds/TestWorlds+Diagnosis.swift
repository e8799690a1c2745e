#if DEBUG
  import Foundation
  internal import CurrentWorldSupport

  // The diagnosis policy: what a read or write of the process-wide world
  // means, by who made it, and the reports that are made once.
  extension TestWorlds {
    /// The problems that are reported once each: per test for a test
    /// without a world, per process for the rest.
    enum Diagnosis: Hashable {
      case writeOutsideTests
      /// An escape, once per place in the code (or per thread, where the
      /// place cannot be found).
      case escape(place: String)
      case inTestWithoutWorld(test: String)
    }

    static let reported = Locked(Set<Diagnosis>())

    /// Called on each read of the process-wide world in a test process.
    static func readOutsideScopes() {
      diagnose(reading: true)
    }

    /// Called on each write of the process-wide world in a test process.
    static func wroteOutsideScopes() {
      diagnose(reading: false)
    }

    /// Reports a read or write of the process-wide world, by who made it:
    /// - a Swift Testing test without a world, which would see the
    ///   machine's clock and locale or leak its write: one failure per test,
    ///   at its first read or write (unless `inTestWithoutWorld` is
    ///   `false`);
    /// - anything else while a test world is active, which escaped it (the
    ///   test in that world never reaches the process-wide world): a
    ///   warning, once per place;
    /// - a write by no test: a warning, once.
    ///
    /// A plain XCTestCase reads and writes the process-wide world by
    /// design: XCTest resets it around each test.
    static func diagnose(reading: Bool, inTestWithoutWorld: Bool = true) {
      let query = runnerQuery.withLock { $0 }
      let runner = query.identify()
      if runner == .swiftTesting {
        guard inTestWithoutWorld else { return }
        reportTestWithoutWorld(query)
      } else if active.withLock({ $0 }) > 0 {
        reportEscape(reading: reading, places: query.places)
      } else if !reading && runner == .none {
        // XCTest may be running a test that its observer, added during
        // that test, never saw start: held until it is known.
        guard !deferWriteOutsideTests() else { return }
        reportOnce(.writeOutsideTests, writeOutsideTestsMessage, isWarning: true)
      }
    }

    /// Whether XCTest may be running a test that the runner query cannot
    /// see, and a write outside tests is held, with whether one is.
    private static let unseenTest = Locked((mayRun: false, heldWrite: false))

    /// Holds a write made outside any visible test, while a test may be
    /// running unseen; `false` when none may be.
    private static func deferWriteOutsideTests() -> Bool {
      let (held, first) = unseenTest.withLock { state -> (Bool, Bool) in
        guard state.mayRun else { return (false, false) }
        defer { state.heldWrite = true }
        return (true, !state.heldWrite)
      }
      if first { atexit { TestWorlds.unseenTestIsKnown(wasRunning: false) } }
      return held
    }

    /// Says that XCTest may be running a test that its observer did not
    /// see start: the observer was just added.
    package static func testMayRunUnseen() {
      unseenTest.withLock { $0.mayRun = true }
    }

    /// Says whether a test was running unseen (its end came before any
    /// start): a write held meanwhile was that test's, which XCTest resets
    /// the world after, and is dropped; otherwise it is reported now.
    package static func unseenTestIsKnown(wasRunning: Bool) {
      let held = unseenTest.withLock { state in
        defer { state = (false, false) }
        return state.heldWrite
      }
      if held && !wasRunning {
        reportOnce(.writeOutsideTests, writeOutsideTestsMessage, isWarning: true)
      }
    }

    fileprivate static func reportOnce(_ diagnosis: Diagnosis, _ message: String, isWarning: Bool) {
      if isWarning && handedToListeners(Warning(place: nil)) { return }
      guard reported.withLock({ $0.insert(diagnosis).inserted }) else { return }
      // No place: the code that read or wrote is not known, and a made-up
      // place would send users to a file they do not have.
      let issue = ReportedIssue(
        message: message, fileID: "", filePath: "", line: 0, column: 0,
        severity: isWarning ? .warning : .failure)
      IssueReporter.deliver(issue)
    }

    /// Reports a Swift Testing test without a world once: at the caller of
    /// `Current` where the build has its file and line, else at the test.
    /// Its first read or write is reported, and the message says what a
    /// read and a write each do, so that a later write of the same test
    /// (`Current.score = 1` reads before it writes) needs no issue of its
    /// own.
    fileprivate static func reportTestWithoutWorld(_ query: RunnerQuery) {
      let diagnosis = Diagnosis.inTestWithoutWorld(test: query.test() ?? "")
      // Found before it is located: a place costs a backtrace.
      if reported.withLock({ $0.contains(diagnosis) }) { return }
      let place = query.places.now()
      guard reported.withLock({ $0.insert(diagnosis).inserted }) else { return }
      IssueReporter.deliver(
        ReportedIssue(
          message: inTestWithoutWorldMessage, fileID: place?.fileID ?? "",
          filePath: place?.filePath ?? "", line: place?.line ?? 0, column: place?.column ?? 0,
          severity: .failure))
    }
  }
#endif
