// corelibs Foundation (Linux) only: Apple's URLSession is left as it is.
#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking

  /// The delegate queue of ``SessionTransport``'s session on Linux: it makes
  /// corelibs Foundation stop reading a body while the delegate is behind.
  ///
  /// corelibs' `URLSession` hands each piece of a body (at most 16 KiB,
  /// libcurl's `CURL_MAX_WRITE_SIZE`) to the delegate queue as libcurl
  /// reads it, and never waits. When the delegate's thread gets less CPU
  /// than libcurl's, on one core or a busy machine, the pieces pile up
  /// there: pinned to one core, a client had read all of a 100 MiB body
  /// before its delegate counted 10 MiB and stopped it.
  ///
  /// Here the thread that adds a delivery takes one of `room` slots
  /// first, and the delivery gives it back when the delegate has run. So
  /// at most `room` deliveries wait; past that, libcurl's thread waits,
  /// reads nothing more, and the server's sends wait in TCP's window.
  /// A delivery made from this queue itself, or after a slot stayed taken
  /// for `longestWait`, goes in without one, so the queue can never stop
  /// itself.
  // `@unchecked Sendable`: restated from `OperationQueue`; what it adds is
  // `let`s of Sendable types.
  final class DeliveryQueue: OperationQueue, @unchecked Sendable {
    private let longestWait: DispatchTimeInterval
    // Made empty and then filled: libdispatch stops a process that frees a
    // semaphore whose count is under the one it was made with.
    private let slots = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - room: How many deliveries may wait for the delegate; 64 is
    ///     about 1 MiB of body.
    ///   - longestWait: The longest the adding thread waits for a slot.
    init(room: Int = 64, longestWait: DispatchTimeInterval = .seconds(10)) {
      self.longestWait = longestWait
      super.init()
      maxConcurrentOperationCount = 1  // a body's pieces arrive in order
      for _ in 0..<room { slots.signal() }
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      let holdsSlot =
        OperationQueue.current !== self && slots.wait(timeout: .now() + longestWait) == .success
      super.addOperation { [slots] in
        block()
        if holdsSlot { slots.signal() }
      }
    }
  }
#endif
