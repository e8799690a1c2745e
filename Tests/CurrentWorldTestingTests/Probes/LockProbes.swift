import CurrentWorldSupport
import Foundation
import Testing

/// Probes that misuse the package's lock on purpose: a debug build's lock
/// is error-checking, so misuse stops the process with pthread's code
/// instead of deadlocking or corrupting what the lock guards.
@Suite(.enabled(if: ProbeProcess.current != nil)) struct LockProbes {
  @Test(.enabled(if: ProbeProcess.current == "unlock-unheld"))
  func unlockWithoutLocking() {
    let lock = Lock()
    lock.unlock()
    print("survived an unlock of a lock nobody held")
  }

  @Test(.enabled(if: ProbeProcess.current == "lock-twice"))
  func lockTwiceOnOneThread() {
    let lock = Lock()
    lock.lock()
    lock.lock()
    print("survived taking a lock it held")
  }
}

@Suite(
  .enabled(if: ProbeProcess.isAvailable, "needs Linux's single .xctest test executable"),
  .timeLimit(.minutes(10)))
struct LockMisuseTests {
  @Test(arguments: [
    ("unlock-unheld", "unlockWithoutLocking", "pthread_mutex_unlock failed with error"),
    ("lock-twice", "lockTwiceOnOneThread", "pthread_mutex_lock failed with error"),
  ])
  func misuseTrapsInDebugBuilds(probe: String, filter: String, message: String) async throws {
    let outcome = try await ProbeProcess.swiftTesting(probe, filter: filter)
    #expect(outcome.failed, "\(outcome.output)")
    #expect(outcome.output.contains(message), "\(outcome.output)")
    #expect(!outcome.output.contains("survived"), "\(outcome.output)")
  }
}
