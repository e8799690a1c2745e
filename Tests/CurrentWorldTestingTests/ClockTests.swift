import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.world) struct TestClockTests {
  @Test func sleepersWakeInDeadlineOrderEachAtItsDeadline() async {
    let clock = TestClock()
    let woken = Locked<[(Int, TestInstant)]>([])
    let sleepers = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woken.withLock { $0.append((seconds, clock.now)) }
      }
    }
    await clock.advance(by: .milliseconds(1_500))
    #expect(woken.withLock { $0.map(\.0) } == [1])
    await clock.advance(by: .seconds(10))
    for sleeper in sleepers { try? await sleeper.value }
    let order = woken.withLock { $0 }
    #expect(order.map(\.0) == [1, 2, 3])
    #expect(order.map(\.1.offset) == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(clock.now.offset == .milliseconds(11_500))
  }

  @Test func taskSleepOnTheClockReturnsOnceAdvancedPast() async throws {
    let clock = TestClock()
    let hour = Task { try await Task.sleep(for: .seconds(3_600), clock: clock) }
    await clock.advance(by: .seconds(3_600))
    try await hour.value
    #expect(clock.now.offset == .seconds(3_600))
  }

  @Test func aCancelledSleeperThrowsCancellationError() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await Task.yield()
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    // Cancelled before it slept: it throws too, and never waits.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await early.value }
  }

  @Test func runWakesEverySleeperAndTheOnesTheyStart() async {
    let clock = TestClock()
    let ticks = Locked(0)
    let ticking = Task {
      for _ in 0..<5 {
        try await clock.sleep(for: .seconds(1))
        ticks.withLock { $0 += 1 }
      }
    }
    await clock.run()
    try? await ticking.value
    #expect(ticks.withLock { $0 } == 5)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func aSleepUntilThePastReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    try await clock.sleep(until: TestInstant(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func theTestWorldsClockIsATestClock() {
    #expect(Current.clock is TestClock)
  }

  @Test func anHTTPTimeoutFiresWhenTheTestClockPassesIt() async {
    let clock = TestClock()
    Current.clock = clock
    let client = HTTPClient(baseURL: URL(string: "https://api.example")!, timeout: 5) { _ in
      // A transport that answers in 100 s, on the same clock.
      try await clock.sleep(for: .seconds(100))
      throw URLError(.badServerResponse)
    }
    let call = Task { () -> APIError? in
      do {
        _ = try await client.data(for: Endpoint(.get, "/slow"))
        return nil
      } catch {
        return error as? APIError
      }
    }
    await clock.advance(by: .seconds(5))
    let error = await call.value
    #expect(error == .timeout(url: URL(string: "https://api.example/slow")!))
    #expect(clock.now.offset == .seconds(5))
  }
}

@Suite struct ImmediateClockTests {
  @Test func sleepsReturnAtOnceAndMoveNow() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(60))
    try await Task.sleep(for: .seconds(30), clock: clock)
    #expect(clock.now.offset == .seconds(90))
  }

  @Test func aSleepInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now.offset == .zero)
  }
}

@Suite(.world) struct UUIDTests {
  @Test(arguments: 0..<8)
  func eachTestWorldCountsFromZero(_ case: Int) {
    #expect(Current.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(Current.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
    #expect(Current.uuid() == UUID(2))
  }

  @Test func theCountGoesOnInHex() {
    let next = UUID.incrementing()
    let uuids = (0..<17).map { _ in next() }
    #expect(uuids.last == UUID(uuidString: "00000000-0000-0000-0000-000000000010"))
    #expect(Set(uuids).count == 17)
  }

  @Test func theLiveWorldMakesRandomUUIDs() {
    let live = World.live
    #expect(live.uuid() != live.uuid())
  }
}
