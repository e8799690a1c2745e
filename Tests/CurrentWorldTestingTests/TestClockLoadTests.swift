import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// swift-clocks' `TestClock` tests for `advance` and `run`, ported: a task
/// woken by the clock runs again before the clock looks for the next
/// sleeper, so none of these depends on how busy the machine is.
/// `.ci/clock-load-check` runs them many times with every core saturated.
///
/// Each waits for the first sleep before it advances, as the Time article
/// prescribes: a task that has not started yet cannot be seen by any clock.
@Suite(.timeLimit(.minutes(10))) struct TestClockLoadTests {
  /// Five sleeps, each started by the wake of the one before.
  static func reentrant(_ clock: TestClock) -> Task<Int, any Error> {
    Task {
      var count = 0
      for _ in 0..<5 {
        try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
        count += 1
      }
      return count
    }
  }

  @Test func advanceWithReentrantUnitsOfWork() async throws {
    let clock = TestClock()
    let task = Self.reentrant(clock)
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(5))
    #expect(try await settled(task)?.get() == 5)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func runWithReentrantUnitsOfWork() async throws {
    let clock = TestClock()
    let task = Self.reentrant(clock)
    await clock.waitForSleepers()
    await clock.run()
    #expect(try await settled(task)?.get() == 5)
  }

  @Test func runMultipleUnitsOfWork() async throws {
    let clock = TestClock()
    let ticks = Locked(0)
    let timer = Task {
      for _ in 0..<10 {
        try await clock.sleep(for: .seconds(1))
        ticks.withLock { $0 += 1 }
      }
    }
    await clock.waitForSleepers()
    await clock.run()
    _ = await settled(timer)
    #expect(ticks.withLock { $0 } == 10)
    #expect(clock.now.offset == .seconds(10))
  }

  /// Two tasks whose sleeps interleave wake in deadline order, each running
  /// before the next wakes; of equal deadlines, the sleep started first.
  @Test func runInterleavesTwoTasksInDeadlineOrder() async throws {
    let clock = TestClock()
    let order = Locked<[String]>([])
    let fast = Task {
      for index in 1...3 {
        try await clock.sleep(for: .seconds(2))
        order.withLock { $0.append("fast \(index)") }
      }
    }
    let slow = Task {
      for index in 1...2 {
        try await clock.sleep(for: .seconds(3))
        order.withLock { $0.append("slow \(index)") }
      }
    }
    await clock.waitForSleepers(2)
    await clock.run()
    _ = await settled(fast)
    _ = await settled(slow)
    #expect(order.withLock { $0 } == ["fast 1", "slow 1", "fast 2", "slow 2", "fast 3"])
  }
}
