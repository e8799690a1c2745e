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

    /// The standard-store watch of the test case running now, unless it
    /// is a ``WorldTestCase``, which watches its own.
    private static let watched = Locked<Int?>(nil)

    static func willStart(_ testCase: XCTestCase) {
      TestWorlds.unseenTestIsKnown(wasRunning: false)
      TestWorlds.resetProcessWide()
      // What a class-level setUp() stored is not this test's to start with.
      _ = TestWorlds.endProcessWideStorage(failed: false)
      running.withLock { $0 += 1 }
      started.withLock { $0 = RunningTestCase(testCase) }
      if !(testCase is WorldTestCase) {
        let number = StandardDefaultsWatch.started(testCase.name)
        watched.withLock { $0 = number }
      }
    }

    static func didFinish(_ testCase: XCTestCase) {
      // Never below zero: the observer can be registered during the first
      // test, after its start.
      let seen = running.withLock { running in
        defer { running = max(running - 1, 0) }
        return running > 0
      }
      TestWorlds.unseenTestIsKnown(wasRunning: !seen)
      started.withLock { $0 = nil }
      TestWorlds.resetProcessWide()
      // A plain XCTestCase's settings and folders are the process-wide
      // world's, ended with each test. Its run has ended, so what it kept
      // and what it wrote are printed, not recorded as failures.
      let failed = testCase.testRun.map { !$0.hasSucceeded } ?? false
      for path in TestWorlds.endProcessWideStorage(failed: failed) {
        FileHandle.standardError.write(
          Data("\(testCase.name): \(TestWorlds.keptFoldersMessage(path))\n".utf8))
      }
      if let number = watched.withLock({ $0.take() }) {
        _ = StandardDefaultsWatch.ended(number, reportsFailures: false)
      }
    }

    /// How many observers were added, and whether one is waiting for the
    /// main queue.
    private static let observers = Locked((added: 0, pending: false))

    /// How many times an observer has been added to XCTest: once in a test
    /// process, and more only in probes that add one again on purpose.
    package static var registrations: Int { observers.withLock { $0.added } }

    /// Adds the observer to XCTest, whose observation center belongs to the
    /// main actor, without ever waiting for it: at once on the main queue
    /// (which is where XCTest runs its tests, and where a `@MainActor` test
    /// runs); from elsewhere it is left pending and added by the first of
    /// the main queue's next turn, a ``WorldTestCase`` starting, and a read
    /// of the process-wide world on the main queue.
    ///
    /// A wait here could never end in time: the caller's own isolation may
    /// be what holds the main queue (a `@MainActor` test that is the first
    /// to read `Current`).
    package static func register() {
      if MainQueue.isCurrent {
        MainActor.assumeIsolated { addObserver() }
        return
      }
      observers.withLock { $0.pending = true }
      DispatchQueue.main.async { addPendingObserver() }
    }

    /// Adds the observer that ``register()`` left pending, if any, when the
    /// caller is on the main queue; otherwise does nothing, at once.
    static func addPendingObserver() {
      guard MainQueue.isCurrent else { return }
      let pending = observers.withLock { state in
        defer { state.pending = false }
        return state.pending
      }
      if pending { MainActor.assumeIsolated { addObserver() } }
    }

    /// Whether an observer is still waiting for the main queue.
    package static var isPending: Bool { observers.withLock { $0.pending } }

    @MainActor private static func addObserver() {
      // Added from a test's first read of Current, the observer never
      // sees that test start.
      if !isRunning { TestWorlds.testMayRunUnseen() }
      XCTestObservationCenter.shared.addTestObserver(XCTestRunObserver())
      observers.withLock { $0.added += 1 }
    }
  }

  /// Forwards XCTest's test-case events to ``XCTestRun``.
  final class XCTestRunObserver: NSObject, XCTestObservation {
    func testCaseWillStart(_ testCase: XCTestCase) {
      XCTestRun.willStart(testCase)
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      XCTestRun.didFinish(testCase)
    }
  }
#endif
