import CurrentWorldSupport
import Testing

/// The helper that `Deadline` races through: the first result wins, a
/// waiter that comes late still gets it, and the clean-up runs once.
@Suite(.timeLimit(.minutes(10))) struct ResumeOnceTests {
  @Test func theFirstResultWinsAndLaterOnesAreDropped() async throws {
    let once = ResumeOnce<Int>()
    let value = try await withCheckedThrowingContinuation { continuation in
      once.wait(with: continuation)
      once.finish(.success(1))
      once.finish(.success(2))
      once.finish(.failure(CancellationError()))
    }
    #expect(value == 1)
  }

  @Test func aWaiterThatComesAfterTheResultGetsIt() async throws {
    let once = ResumeOnce<String>()
    once.finish(.success("early"))
    let value = try await withCheckedThrowingContinuation { once.wait(with: $0) }
    #expect(value == "early")
  }

  @Test func theCleanUpRunsOnceWhetherRegisteredBeforeOrAfter() {
    let runs = Locked(0)
    let before = ResumeOnce<Int>()
    before.whenFinished { runs.withLock { $0 += 1 } }
    #expect(runs.withLock { $0 } == 0)
    before.finish(.success(1))
    before.finish(.success(2))
    #expect(runs.withLock { $0 } == 1)

    let after = ResumeOnce<Int>()
    after.finish(.success(1))
    after.whenFinished { runs.withLock { $0 += 1 } }
    #expect(runs.withLock { $0 } == 2)
  }
}
