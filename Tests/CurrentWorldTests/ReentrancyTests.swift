import CurrentWorld
import Foundation
import TestHelpers
import Testing

/// An object whose `deinit` reads and writes `Current`: when a write replaces
/// the last closure that holds one, the `deinit` runs inside that write.
final class TouchesCurrentOnDeinit: Sendable {
  let finished: @Sendable () -> Void

  init(finished: @escaping @Sendable () -> Void) {
    self.finished = finished
  }

  deinit {
    _ = Current.date()
    Current.deinitProbe = Current.deinitProbe + 1
    finished()
  }
}

/// A key that only these tests write, so that their process-wide writes
/// disturb no other test.
enum DeinitProbeKey: WorldKey {
  static let liveValue = 0
  static let testValue = 0
}

/// A key whose value holds an object, for the process-wide case.
enum HeldObjectKey: WorldKey {
  static let liveValue: TouchesCurrentOnDeinit? = nil
  static let testValue: TouchesCurrentOnDeinit? = nil
}

extension World {
  var deinitProbe: Int {
    get { self[DeinitProbeKey.self] }
    set { self[DeinitProbeKey.self] = newValue }
  }

  var heldObject: TouchesCurrentOnDeinit? {
    get { self[HeldObjectKey.self] }
    set { self[HeldObjectKey.self] = newValue }
  }
}

/// Replacing a world or a field must never run a `deinit` while a lock is
/// held: each case below hung forever when it did. Each runs on a thread of
/// its own and must finish within a generous bound, so that a regression
/// fails the test instead of hanging the suite. In a debug build the lock
/// is error-checking, so taking it again traps at once: each case runs in
/// a child process (an exit test), where a trap fails that case by name
/// instead of ending the whole run with no test named.
///
/// The object lives only in the override's captures, never in a local: a
/// debug build keeps a local alive to the end of its scope, so the write
/// would never drop the last reference, and a lock held while releasing
/// would go unseen.
@Suite(.timeLimit(.minutes(10))) struct ReentrancyTests {
  /// Runs `body` on a new thread and reports whether it returned, and
  /// whether the object's `deinit` ran, before the bound.
  static func finishes(
    _ body: @escaping @Sendable (_ finished: @escaping @Sendable () -> Void) -> Void
  )
    -> (returned: Bool, deinitRan: Bool)
  {
    let returned = DispatchSemaphore(value: 0)
    let deinitRan = DispatchSemaphore(value: 0)
    // A deinit that writes after its scope ended writes the process-wide
    // world from no test: a warning, counted here rather than shown.
    Thread.detachNewThread {
      _ = TestWorlds.countingWarningsInSync {
        body { deinitRan.signal() }
        // Returned once the body has: the settling that follows waits for
        // every test's escapes to be placed, which under a sanitizer on a
        // busy machine outlasts the bound below.
        returned.signal()
        _ = deinitRan.wait(timeout: .now() + .seconds(20))
        deinitRan.signal()
      }
    }
    let bound = DispatchTime.now() + .seconds(20)
    return (returned.wait(timeout: bound) == .success, deinitRan.wait(timeout: bound) == .success)
  }

  /// For an exit test's child: exits with status 3 unless `body` returned
  /// and the object's `deinit` ran within the bound (see ``finishes(_:)``).
  /// A body exits with status 1 where the `deinit`'s write of `Current` did
  /// not land in the world the body reads.
  static func exitUnlessFinishes(
    _ body: @escaping @Sendable (_ finished: @escaping @Sendable () -> Void) -> Void
  ) {
    guard finishes(body) == (true, true) else { exit(3) }
  }

  @Test func replacingAScopedOverrideThatHeldTheLastReference() async {
    await #expect(processExitsWith: .success) {
      ReentrancyTests.exitUnlessFinishes { finished in
        withWorld(fixedWorld()) {
          Current.date = { [object = TouchesCurrentOnDeinit(finished: finished)] in
            withExtendedLifetime(object) { .distantPast }
          }
          Current.date = { .distantFuture }
          guard Current.deinitProbe == 1 else { exit(1) }
        }
      }
    }
  }

  @Test func replacingAProcessWideOverrideThatHeldTheLastReference() async {
    await #expect(processExitsWith: .success) {
      ReentrancyTests.exitUnlessFinishes { finished in
        Current.heldObject = TouchesCurrentOnDeinit(finished: finished)
        Current.heldObject = nil
      }
    }
  }

  @Test func replacingTheWholeWorld() async {
    await #expect(processExitsWith: .success) {
      ReentrancyTests.exitUnlessFinishes { finished in
        withWorld(fixedWorld()) {
          Current.greeter.greet = { [object = TouchesCurrentOnDeinit(finished: finished)] name in
            withExtendedLifetime(object) { name }
          }
          Current = fixedWorld()
          guard Current.deinitProbe == 1 else { exit(1) }
        }
      }
    }
  }

  @Test func leavingAScopeWhoseWorldHeldTheLastReference() async {
    await #expect(processExitsWith: .success) {
      ReentrancyTests.exitUnlessFinishes { finished in
        withWorld(fixedWorld()) {
          Current.greeter.greet = { [object = TouchesCurrentOnDeinit(finished: finished)] name in
            withExtendedLifetime(object) { name }
          }
        }
      }
    }
  }

  /// The scope's end releases the reporter, whose object reports from its
  /// deinit, through the reporter that is current again.
  @Test func aScopedReporterThatHeldTheLastReference() async {
    await #expect(processExitsWith: .success) {
      ReentrancyTests.exitUnlessFinishes { finished in
        // The outer reporter hears the deinit's report, and stays silent.
        IssueReporter.withCurrent(IssueReporter { _ in }) {
          IssueReporter.withCurrent(
            IssueReporter { [object = ReportsOnDeinit(finished: finished)] _ in
              withExtendedLifetime(object) {}
            }
          ) {}
        }
      }
    }
  }
}

/// An object whose `deinit` reads the issue reporter and reports through it.
final class ReportsOnDeinit: Sendable {
  let finished: @Sendable () -> Void

  init(finished: @escaping @Sendable () -> Void) {
    self.finished = finished
  }

  deinit {
    IssueReporter.report("reported from a deinit")
    _ = IssueReporter.current
    finished()
  }
}
