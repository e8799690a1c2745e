import CurrentWorldSupport
import Foundation
import Testing

@testable import CurrentWorldHTTP

/// The race between a call's work and its timeout, on its own.
@Suite(.timeLimit(.minutes(10))) struct DeadlineTests {
  /// Promise: a caller that is cancelled already starts neither the work
  /// nor the timer, and gets `CancellationError`.
  ///
  /// The work is an unstructured task, which inherits no cancellation: if it
  /// were started, it would run, whatever the machine's load, since nothing
  /// else cancels it. So the wait below only bounds how long a broken race
  /// takes to show.
  @Test func aCancelledCallerStartsNoWork() async throws {
    let started = AsyncStream<String>.makeStream()
    let call = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await Deadline.race(
        transport: {
          started.continuation.yield("work")
          return 1
        },
        against: {
          started.continuation.yield("timer")
          try await Task.sleep(for: .seconds(60))
        },
        timeout: URLError(.timedOut))
    }
    let result = await call.result
    #expect(throws: CancellationError.self) { try result.get() }
    let waiting = Task {
      try? await Task.sleep(for: .milliseconds(500))
      started.continuation.finish()
    }
    defer { waiting.cancel() }
    var began: [String] = []
    for await what in started.stream { began.append(what) }
    #expect(began.isEmpty, "started for a cancelled caller: \(began)")
  }

  /// Promise: a caller cancelled between `race`'s check and the start of
  /// its worker (its outcome already finished by the cancellation) sends
  /// nothing: the worker ends without running the work. The worker is
  /// awaited, so no wait decides it; a worker for an open outcome runs
  /// the work and finishes the outcome, so the check is not vacuous.
  @Test func aWorkerForACallerCancelledBeforeItStartsRunsNothing() async throws {
    let ran = Locked(0)
    let work: @Sendable () async throws -> Int = {
      ran.withLock { $0 += 1 }
      return 1
    }
    let cancelled = ResumeOnce<Int>()
    cancelled.finish(.failure(CancellationError()))
    await Deadline.startWorker(work, finishing: cancelled).value
    #expect(ran.withLock { $0 } == 0, "the work ran for a cancelled caller")

    let open = ResumeOnce<Int>()
    await Deadline.startWorker(work, finishing: open).value
    #expect(ran.withLock { $0 } == 1)
    #expect(open.isFinished)
  }
}
