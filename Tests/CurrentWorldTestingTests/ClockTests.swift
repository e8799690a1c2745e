import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.world, .timeLimit(.minutes(10))) struct TestClockTests {
  @Test func sleepersWakeInDeadlineOrderAndOnlyOnceTheirDeadlinePasses() async throws {
    let clock = TestClock()
    // Each sleeper records its own deadline when it wakes. (What `now` reads
    // by the time a woken task runs depends on the scheduler, so this does
    // not check it.)
    let woken = Locked<[Int]>([])
    let sleepers = [3, 1, 2].map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woken.withLock { $0.append(seconds) }
      }
    }
    await clock.waitForSleepers(3)
    await clock.advance(by: .milliseconds(1_500))
    // A woken sleeper has left the clock when `advance` returns: checked
    // at once, so a clock that wakes the wrong one fails here, by name,
    // rather than after a real-time wait for a wake that never comes.
    try #require(clock.sleeperCount == 2, "advance woke the sleeper due at 1 s")
    _ = await settled(sleepers[1])
    #expect(woken.withLock { $0 } == [1])
    #expect(clock.now.offset == .milliseconds(1_500))
    await clock.advance(to: TestInstant(offset: .milliseconds(2_500)))
    try #require(clock.sleeperCount == 1, "advance woke the sleeper due at 2 s")
    _ = await settled(sleepers[2])
    #expect(woken.withLock { $0 } == [1, 2])
    await clock.advance(by: .seconds(9))
    _ = await settled(sleepers[0])
    #expect(woken.withLock { $0 } == [1, 2, 3])
    #expect(clock.now.offset == .milliseconds(11_500))
  }

  @Test func taskSleepOnTheClockReturnsOnceAdvancedPast() async throws {
    let clock = TestClock()
    let hour = Task { try await Task.sleep(for: .seconds(3_600), clock: clock) }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3_600))
    #expect(await settled(hour)?.isSuccess == true)
    #expect(clock.now.offset == .seconds(3_600))
  }

  @Test func aCancelledSleeperThrowsCancellationError() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    sleeper.cancel()
    #expect(await settled(sleeper)?.failure is CancellationError)
    // Cancelled before it slept: it throws too, and never waits.
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    #expect(await settled(early)?.failure is CancellationError)
  }

  @Test func runWakesEverySleeper() async {
    let clock = TestClock()
    let woken = Locked(0)
    let sleepers = (1...5).map { seconds in
      Task {
        try await clock.sleep(for: .seconds(seconds))
        woken.withLock { $0 += 1 }
      }
    }
    await clock.waitForSleepers(5)
    await clock.run()
    for sleeper in sleepers { _ = await settled(sleeper) }
    #expect(woken.withLock { $0 } == 5)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func waitForSleepersReturnsOnceEnoughAreAsleep() async {
    let clock = TestClock()
    let first = Task { try await clock.sleep(for: .seconds(1)) }
    let second = Task { try await clock.sleep(for: .seconds(2)) }
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(2))
    _ = await settled(first)
    _ = await settled(second)
    // Nobody is asleep now, so asking for none returns at once.
    await clock.waitForSleepers(0)
    #expect(clock.now.offset == .seconds(2))
  }

  /// Promise: a sleep until now, or for no time, returns at once: its
  /// deadline has been reached.
  @Test func aSleepUntilNowReturnsAtOnce() async {
    let clock = TestClock(now: TestInstant(offset: .seconds(5)))
    let now = Task { try await clock.sleep(until: clock.now) }
    #expect(await settled(now, within: .seconds(5))?.isSuccess == true)
    let zero = Task { try await clock.sleep(for: .zero) }
    #expect(await settled(zero, within: .seconds(5))?.isSuccess == true)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aSleepUntilThePastReturnsAtOnce() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    let past = Task { try await clock.sleep(until: TestInstant(offset: .seconds(1))) }
    #expect(await settled(past, within: .seconds(5))?.isSuccess == true)
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func theTestWorldsClockIsUnimplemented() {
    #expect(Current.clock is UnimplementedClock)
  }

  @Test func anHTTPTimeoutFiresWhenTheTestClockPassesIt() async throws {
    let clock = TestClock()
    Current.clock = clock
    // By default, its timeouts sleep on the world's clock.
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
    // The transport's sleep and the client's timeout.
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(5))
    // The timeout's sleeper has left the clock: checked at once, so that a
    // clock that wakes nobody fails here rather than after a long wait.
    try #require(clock.sleeperCount < 2, "advance woke the timeout's sleeper")
    let error = await value(of: call) ?? nil
    #expect(error == .timeout(url: URL(string: "https://api.example/slow")!))
    #expect(clock.now.offset == .seconds(5))
  }
}

@Suite(.world, .timeLimit(.minutes(10))) struct HTTPDeadlineTests {
  @Test func theTimeoutCoversASlowTokenSource() async throws {
    let clock = TestClock()
    Current.clock = clock
    let sent = Locked(false)
    // By default, its timeouts sleep on the world's clock.
    let client = HTTPClient(
      baseURL: URL(string: "https://api.example")!, timeout: 1,
      token: {
        // A token source that takes 4 s, on the same clock.
        try? await clock.sleep(for: .seconds(4))
        return "s3cret"
      },
      transport: { request in
        sent.withLock { $0 = true }
        return (
          Data(),
          HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        )
      })
    let call = Task { () -> APIError? in
      do {
        _ = try await client.data(for: Endpoint(.get, "/me").authorized())
        return nil
      } catch {
        return error as? APIError
      }
    }
    // The token source's sleep and the client's deadline.
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    try #require(clock.sleeperCount < 2, "advance woke the deadline's sleeper")
    #expect(await value(of: call) ?? nil == .timeout(url: URL(string: "https://api.example/me")!))
    #expect(!sent.withLock { $0 })
    #expect(clock.now.offset == .seconds(1))
  }
}

/// Promise: every client reads `Current`'s clock and date at each call
/// unless it is given others, the live one and one from parts alike.
@Suite(.world) struct HTTPClientDefaultsTests {
  @Test func bothConstructorsReadTheWorldsClockAndDateAtEachCall() {
    let base = URL(string: "https://api.example")!
    let live = HTTPClient.live(baseURL: base, configuration: .ephemeral)
    let stub = HTTPClient(baseURL: base) { _ in throw CancellationError() }
    for (name, client) in [("live", live), ("init", stub)] {
      let clock = TestClock()
      Current.clock = clock
      Current.date = { Date(timeIntervalSince1970: 1_000) }
      #expect((client.clock() as? TestClock) === clock, "\(name)")
      #expect(client.now() == Date(timeIntervalSince1970: 1_000), "\(name)")
    }
    let own = TestClock()
    let given = HTTPClient.live(baseURL: base, clock: { own }, now: { .distantPast })
    #expect((given.clock() as? TestClock) === own)
    #expect(given.now() == .distantPast)
  }
}

/// Promise: a test instant measures durations forwards, as every clock's
/// instants do.
@Suite struct TestInstantTests {
  @Test func durationsRunFromThisInstantToTheOther() {
    let one = TestInstant(offset: .seconds(1))
    let four = TestInstant(offset: .seconds(4))
    #expect(one.duration(to: four) == .seconds(3))
    #expect(four.duration(to: one) == .seconds(-3))
    #expect(one.advanced(by: .seconds(3)) == four)
    #expect(one < four && !(four < one))
  }
}

@Suite(.timeLimit(.minutes(10))) struct ImmediateClockTests {
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
    #expect(await settled(task)?.failure is CancellationError)
    #expect(clock.now.offset == .zero)
  }
}

@Suite(.world, .timeLimit(.minutes(10))) struct UUIDTests {
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

  /// Promise: `UUID(_:)` spells all 48 bits of its number in the last
  /// group, in upper-case hex.
  @Test func aNumberFillsTheLastGroup() {
    #expect(UUID(0xABCD_1234_5678).uuidString == "00000000-0000-0000-0000-ABCD12345678")
  }

  @Test func theLiveWorldMakesRandomUUIDs() {
    let live = World.live
    #expect(live.uuid() != live.uuid())
  }
}
