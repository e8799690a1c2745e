#if DEBUG
  import Foundation
  internal import CurrentWorldSupport

  // Counting the test worlds that are active, and entering them; the
  // concerns that follow from them live beside this file, each in its own.

  /// The test worlds of a test process, and what CurrentWorld says when code
  /// reads or writes the process-wide world while they run.
  ///
  /// CurrentWorldTesting enters every test world through here, and tells
  /// which test runner is running a test on the calling thread. The core
  /// cannot import XCTest or Swift Testing, because apps link it.
  package enum TestWorlds {
    /// Which runner runs a test on the calling thread or task.
    package enum Runner: Sendable {
      /// An XCTest test is running (on any thread); the process-wide world
      /// is reset after it.
      case xcTest
      /// The caller is a Swift Testing test, or a task of one.
      case swiftTesting
      /// Neither: detached work, or no test at all.
      case none
    }

    /// Values registered until their number removes them: the listeners
    /// and the failing tests that come and go while the process runs.
    final class Registry<Value: Sendable>: Sendable {
      private let state = Locked((last: 0, values: [Int: Value]()))

      /// Adds `value`; returns the number that removes it.
      func add(_ value: Value) -> Int {
        state.withLock { state in
          state.last += 1
          state.values[state.last] = value
          return state.last
        }
      }

      /// Removes the value `number` names, released outside the lock.
      func remove(_ number: Int) {
        let removed = state.withLock { $0.values.removeValue(forKey: number) }
        withExtendedLifetime(removed) {}
      }

      /// Every value registered now.
      var values: [Value] { state.withLock { Array($0.values.values) } }
    }

    /// How many test worlds are active: while any is, a read of the
    /// process-wide world by code outside them is an escape.
    static let active = Locked(0)

    /// Puts the process-wide world back as it was at launch; XCTest's
    /// observer calls it around each test.
    package static func resetProcessWide() {
      WorldScope.resetProcessWide()
    }

    /// Runs `operation` in `world`, counted as a test world.
    package static func withTestWorld<Result>(
      _ world: World,
      operation: () throws -> Result
    ) rethrows -> Result {
      active.withLock { $0 += 1 }
      defer { active.withLock { $0 -= 1 } }
      return try withWorld(world, operation: operation)
    }

    /// Runs the asynchronous `operation` in `world`, counted as a test world.
    package static func withTestWorld<Result>(
      _ world: World,
      isolation: isolated (any Actor)? = #isolation,
      operation: () async throws -> Result
    ) async rethrows -> Result {
      active.withLock { $0 += 1 }
      defer { active.withLock { $0 -= 1 } }
      return try await withWorld(world, isolation: isolation, operation: operation)
    }

    /// The world that `Current` reads here, read without diagnosing an
    /// escape: for the test reporter, which asks which test's world a
    /// report came from.
    package static func worldInEffect() -> World {
      WorldScope.box.world
    }

    /// The world that `Current` reads here, for a library that only waits
    /// on its clock (HTTP timeouts): an escape is still diagnosed, a Swift
    /// Testing test without a world is not, since a clock is where a wait
    /// sleeps, not a value that differs between machines.
    package static func worldForWaiting() -> World {
      let box = WorldScope.box
      if box.watchesForEscapes { diagnose(reading: true, inTestWithoutWorld: false) }
      return box.world
    }
  }
#endif
