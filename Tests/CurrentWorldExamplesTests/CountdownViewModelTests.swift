import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// The countdown on a `TestClock`: ten seconds of ticks run in
/// microseconds, each one when the test advances the clock.
@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct CountdownViewModelTests {
  @Test func ticksOncePerSecondOfTheTestClock() async throws {
    let clock = TestClock()
    Current.clock = clock
    let countdown = CountdownViewModel()
    let states = StateRecorder(countdown, \.remaining)
    let launch = Task { await countdown.start(from: 3) }

    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(999))
    #expect(countdown.remaining == 3)
    await clock.advance(by: .milliseconds(1))
    await clock.waitForSleepers()
    #expect(countdown.remaining == 2)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    #expect(await value(of: launch) != nil)

    states.assertValues([nil, 3, 2, 1, 0])
    #expect(clock.now.offset == .seconds(3))
    try await clock.checkSuspension()
  }

  @Test func eachLaunchTakesTheNextIdentifier() async {
    let first = CountdownViewModel()
    await first.start(from: 0)
    let second = CountdownViewModel()
    await second.start(from: 0)
    #expect(first.launchID == UUID(0))
    #expect(second.launchID == UUID(1))
  }

  @Test func cancellingStopsTheCountdownWhereItIs() async throws {
    let clock = TestClock()
    Current.clock = clock
    let countdown = CountdownViewModel()
    let launch = Task { await countdown.start(from: 10) }
    for _ in 1...4 {
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(1))
    }
    await clock.waitForSleepers()
    launch.cancel()
    #expect(await value(of: launch) != nil)
    await clock.advance(by: .seconds(10))
    #expect(countdown.remaining == 6)
    try await clock.checkSuspension()
  }

  @Test func anImmediateClockRunsItStraightThrough() async {
    Current.clock = ImmediateClock()
    let countdown = CountdownViewModel()
    await countdown.start(from: 60)
    #expect(countdown.remaining == 0)
  }
}
