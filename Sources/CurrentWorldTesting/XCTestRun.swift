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
  enum XCTestRun {
    private static let running = Locked(0)

    /// Whether an XCTest test case is running now, on any thread.
    static var isRunning: Bool { running.withLock { $0 } > 0 }

    static func willStart() {
      TestWorlds.resetProcessWide()
      running.withLock { $0 += 1 }
    }

    static func didFinish() {
      // Never below zero: the observer can be registered during the first
      // test, after its start.
      running.withLock { $0 = max($0 - 1, 0) }
      TestWorlds.resetProcessWide()
    }

    /// Adds the observer to XCTest. XCTest's observation center belongs to
    /// the main thread, so this waits for it when called from elsewhere.
    static func register() {
      if Thread.isMainThread {
        MainActor.assumeIsolated { addObserver() }
      } else {
        Task { @MainActor in addObserver() }
      }
    }

    @MainActor private static func addObserver() {
      XCTestObservationCenter.shared.addTestObserver(XCTestRunObserver())
    }
  }

  /// Forwards XCTest's test-case events to ``XCTestRun``.
  final class XCTestRunObserver: NSObject, XCTestObservation {
    func testCaseWillStart(_ testCase: XCTestCase) {
      XCTestRun.willStart()
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      XCTestRun.didFinish()
    }
  }
#endif
