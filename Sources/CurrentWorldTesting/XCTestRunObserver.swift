#if DEBUG
  import CurrentWorld
  import Foundation
  import XCTest

  /// Watches XCTest's test cases: whether one is running (for issues raised
  /// by work it sent to other threads), and the process-wide world, which it
  /// puts back as launched before and after each test.
  ///
  /// That reset is what keeps a plain `XCTestCase` that writes `Current`
  /// inline from leaking its overrides into later tests. The world is reset
  /// before `setUp()` as well as after the test, so a write in a class-level
  /// `setUp()` never reaches any test; per-class worlds belong in
  /// `WorldTestCase.world`.
  final class XCTestRunObserver: NSObject, XCTestObservation {
    private static let running = Locked(0)

    /// Whether an XCTest test case is running now, on any thread.
    static var isRunning: Bool { running.withLock { $0 } > 0 }

    func testCaseWillStart(_ testCase: XCTestCase) {
      TestWorlds.resetProcessWide()
      Self.running.withLock { $0 += 1 }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
      Self.running.withLock { $0 -= 1 }
      TestWorlds.resetProcessWide()
    }

    /// Adds an observer to XCTest. XCTest's observation center belongs to
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
#endif
