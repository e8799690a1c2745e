import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

// The queue exists where corelibs Foundation is the transport (Linux).
#if canImport(FoundationNetworking)
  import FoundationNetworking

  /// The Linux session's delegate queue, on its own: the thread that adds a
  /// delivery waits while the queue is full, and the queue never waits on
  /// itself. The memory probe in ProbeTests shows what it is for.
  @Suite(.timeLimit(.minutes(10))) struct DeliveryQueueTests {
    /// Promise: with `room` deliveries waiting, the next one's thread (in
    /// the session, libcurl's) waits until a delivery has run.
    @Test func aFullQueueHoldsTheThreadThatAddsUntilADeliveryRuns() async {
      let outcome = await Self.addingPast(
        room: 2, of: DeliveryQueue(room: 2, longestWait: .seconds(3_600)))
      #expect(outcome.heldWhileFull)
      #expect(outcome.addedOnceRun)
    }

    /// Promise: a delivery added from the queue's own thread goes in at
    /// once, however full the queue is (waiting there would wait on
    /// itself), and takes no slot, so it gives none back.
    @Test func aDeliveryAddedFromTheQueueItselfNeverWaits() async {
      let queue = DeliveryQueue(room: 2, longestWait: .seconds(3_600))
      let done = DispatchSemaphore(value: 0)
      queue.addOperation {
        for _ in 0..<4 { queue.addOperation {} }
        queue.addOperation { done.signal() }
      }
      let ran = await Self.onAThread { done.wait(timeout: .now() + .seconds(300)) == .success }
      #expect(ran)
      // Still room for 2, not for 2 and the 5 that took no slot.
      let outcome = await Self.addingPast(room: 2, of: queue)
      #expect(outcome.heldWhileFull)
      #expect(outcome.addedOnceRun)
    }

    /// Promise: a session whose delegate lags holds no other session's
    /// request for long. corelibs reads every session's sockets on one
    /// queue, so a delivery that waited there for a slot without a short
    /// bound (10 s) held the other request until its deadline.
    @Test func aLaggingDelegateHoldsNoOtherSessionsRequest() async throws {
      let huge = try LoopbackServer { _ in
        .stream(
          headers: [:], chunk: Data(repeating: 0x61, count: 64 * 1_024), repeats: 160,
          declaresLength: false)
      }
      let small = try LoopbackServer { _ in .json("{}") }
      defer {
        huge.stop()
        small.stop()
      }
      let gate = DispatchSemaphore(value: 0)
      let held = DeliveryQueue()
      held.addOperation { gate.wait() }  // the lagging session's delegate
      let lagging = SessionTransport(configuration: .ephemeral, makeDeliveries: { held })
      let reading = Task { try await lagging.send(URLRequest(url: huge.baseURL)) }
      defer { gate.signal() }
      // Until libcurl has filled the lagging queue: from here on, each of
      // its pieces waits for a slot that the held delegate never gives.
      let started = ContinuousClock.now
      while held.operationCount < 64, ContinuousClock.now - started < settleLimit {
        try await Task.sleep(for: .milliseconds(10))
      }
      // Otherwise the request below never met a full queue, and proves
      // nothing about one.
      #expect(held.operationCount >= 64, "the lagging queue never filled")
      let client = HTTPClient.live(baseURL: small.baseURL, configuration: .ephemeral, timeout: 30)
      await #expect(throws: Never.self) {
        try await client.data(for: Endpoint(.get, "/small"))
      }
      gate.signal()
      reading.cancel()
      _ = await settled(reading)
    }

    /// Fills `queue`, which has room for `room`, with a delivery that holds
    /// the delegate and `room - 1` others, then adds one more from a thread:
    /// whether that add waited while the first delivery held, and whether
    /// it went in once that one ran.
    private static func addingPast(room: Int, of queue: DeliveryQueue) async -> (
      heldWhileFull: Bool, addedOnceRun: Bool
    ) {
      let gate = DispatchSemaphore(value: 0)
      let added = DispatchSemaphore(value: 0)
      queue.addOperation { gate.wait() }
      for _ in 1..<room { queue.addOperation {} }
      Thread.detachNewThread {
        queue.addOperation {}
        added.signal()
      }
      return await onAThread {
        let held = added.wait(timeout: .now() + .milliseconds(200)) == .timedOut
        gate.signal()
        return (held, !held || added.wait(timeout: .now() + .seconds(300)) == .success)
      }
    }

    /// Promise: a slot that stays taken for `longestWait` lets the delivery
    /// in without one, so a delegate that never returns cannot stop the
    /// session's thread for good.
    @Test func aSlotHeldPastTheLongestWaitLetsTheDeliveryIn() async {
      let queue = DeliveryQueue(room: 1, longestWait: .milliseconds(100))
      let gate = DispatchSemaphore(value: 0)
      let added = DispatchSemaphore(value: 0)
      queue.addOperation { gate.wait() }
      Thread.detachNewThread {
        queue.addOperation {}
        added.signal()
      }
      let addedWhileHeld = await Self.onAThread {
        defer { gate.signal() }
        return added.wait(timeout: .now() + .seconds(300)) == .success
      }
      #expect(addedWhileHeld)
    }

    /// `body`'s result, run on a thread of its own: it blocks, and the
    /// cooperative pool has a thread a core.
    private static func onAThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: body()) }
      }
    }
  }
#endif
