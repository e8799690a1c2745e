#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport
  import Foundation
  import XCTest

  /// What XCTest's observer tells: whether a test case is running (for
  /// issues raised by work it sent to other threads). Around each test it
  /// puts the process-wide world back as launched.
  ///
  /// That reset is what keeps a plain `XCTestCase` that writes `Current`
  /// inline from leaking its overrides into later tests. The world is reset
  /// before `setUp()` as well as after the test, so a write in a class-level
  /// `setUp()` never reaches any test; per-class worlds belong in
  /// `WorldTestCase.world`.
  ///
  /// The state lives here, apart from the observer class: Apple's SDKs may
  /// isolate `XCTestObservation` to the main actor, and the reporter reads
  /// this from any thread.
  package enum XCTestRun {
    private static let running = Locked(0)

    private static let started = Locked<RunningTestCase?>(nil)

    /// Whether an XCTest test case is running now, on any thread.
    static var isRunning: Bool { running.withLock { $0 } > 0 }

    /// The test case that started last and has not finished, if it is still
    /// alive: the one an issue from any thread belongs to.
    static var testCase: XCTestCase? { started.withLock { $0 }?.testCase }

    static func willStart(_ testCase: XCTestCase) {
      TestWorlds.resetProcessWide()
      running.withLock { $0 += 1 }
      started.withLock { $0 = RunningTestCase(testCase) }
    }

    static func didFinish() {
      // Never below zero: the observer can be registered during the first
      // test, after its start.
      running.withLock { $0 = max($0 - 1, 0) }
      started.withLock { $0 = nil }
      TestWorlds.resetProcessWide()
    }

    private static let registered = Locked(0)

    /// How many times an observer has been added to XCTest: once in a test
    /// process, and more only in probes that add one again on purpose.
    package static var registrations: Int { registered.withLock { $0 } }

    /// How long a thread other than the main one waits for the main thread
    /// to add the observer: a main thread that is blocked waiting for this
    /// thread must not deadlock it, so the wait has a bound, and the
    /// observer is still added when the main thread is free.
    static let registrationWait: TimeInterval = 10

    /// Adds the observer to XCTest, and returns once it is added. XCTest's
    /// observation center belongs to the main thread, so from elsewhere
    /// this hands the work to the main queue and waits for it, for at most
    /// ``registrationWait`` seconds.
    package static func register() {
      if Thread.isMainThread {
        MainActor.assumeIsolated { addObserver() }
        return
      }
      let added = DispatchSemaphore(value: 0)
      DispatchQueue.main.async {
        MainActor.assumeIsolated { addObserver() }
        added.signal()
      }
      if added.wait(timeout: .now() + registrationWait) == .timedOut {
        IssueReporter.standardError.report(
          ReportedIssue(
            message: "the main thread did not add the XCTest observer within "
              + "\(Int(registrationWait)) s; it is added when the main thread is free, and "
              + "XCTest tests that start before then do not have the world reset around them.",
            fileID: "", filePath: "", line: 0, column: 0, severity: .warning))
      }
    }

    @MainActor private static func addObserver() {
      XCTestObservationCenter.shared.addTestObserver(XCTestRunObserver())
      registered.withLock { $0 += 1 }
    }
  }

  /// Forwards XCTest's test-case events to ``XCTestRun``.
  final class XCTestRunObserver: NSObject, XCTestObservation {
    func testCaseWillStart(_ testCase: XCTestCase) {
      XCTestRun.willStart(testCase)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      XCTestRun.didFinish()
    }
  }
#endif
