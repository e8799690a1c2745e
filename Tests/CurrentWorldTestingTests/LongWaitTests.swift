import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld

/// Promise: a test that waits on its clock longer than a test should is
/// named on standard error, with what it waits for and what ends the
/// wait, within a minute (here, with the patience at one second), even
/// when it never ends; a sleeper that was woken, or one of a test that has
/// ended, is not. The notes are read from a child process's standard
/// error.
@Suite(.timeLimit(.minutes(10))) struct LongWaitTests {
  @Test func aSleepNobodyAdvancesNamesItsTest() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      noteLongWaitsAfterOneSecond()
      let (world, _) = testWorld(named: "a test whose clock never moves")
      let clock = TestClock()
      withWorld(world) {
        _ = Task { try await clock.sleep(for: .seconds(5)) }
      }
      await exitOnceLongWaitsNoted(1)
    }
    let notes = longWaitNotes(result?.standardErrorContent)
    #expect(notes.count == 1)
    let note = notes.first ?? ""
    #expect(note.contains("the test a test whose clock never moves has waited"))
    #expect(note.contains("a sleep on a TestClock until 5.0 seconds"))
    #expect(note.contains("clock.advance(by:)"))
  }

  /// The ended test's sleeper starts after its test's end: a wait that
  /// outlives its test is watched until the next look, and dropped there.
  @Test func anEndedTestsSleeperIsNotNamed() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      noteLongWaitsAfterOneSecond()
      let clock = TestClock()
      let (ended, endedChecks) = testWorld(named: "a test that ended")
      endedChecks.run()
      withWorld(ended) { _ = Task { try await clock.sleep(for: .seconds(9)) } }
      await clock.waitForSleepers()
      let (waiting, _) = testWorld(named: "a test that still waits")
      withWorld(waiting) { _ = Task { try await clock.sleep(for: .seconds(7)) } }
      await exitOnceLongWaitsNoted(1)
    }
    let notes = longWaitNotes(result?.standardErrorContent)
    #expect(notes.count == 1)
    #expect(notes.first?.contains("the test a test that still waits has waited") == true)
  }

  @Test func aWokenSleeperIsNoLongerWatched() async throws {
    let name = "a test whose sleeper woke \(UUID())"
    let (world, _) = testWorld(named: name)
    let clock = TestClock()
    let sleeper = withWorld(world) { Task { try await clock.sleep(for: .seconds(1)) } }
    await clock.waitForSleepers()
    #expect(LongWaits.watchedTests.contains(name))
    await clock.advance(by: .seconds(1))
    #expect(await settled(sleeper)?.isSuccess == true)
    #expect(!LongWaits.watchedTests.contains(name))
  }

  /// A Swift Testing test without the `.world` trait: its sleeper is
  /// watched under the test's name, until it ends.
  @Test func aTestWithoutAWorldIsWatchedByItsName() async throws {
    let name = try #require(Test.current.map { "\($0.id)" })
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    #expect(LongWaits.watchedTests.contains(name))
    sleeper.cancel()
    #expect(await settled(sleeper)?.failure is CancellationError)
    #expect(!LongWaits.watchedTests.contains(name))
  }
}
