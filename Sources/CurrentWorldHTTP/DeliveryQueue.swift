// corelibs Foundation (Linux) only: Apple's URLSession is left as it is.
#if canImport(FoundationNetworking)
  import Foundation
  import FoundationNetworking

  /// The delegate queue of ``SessionTransport``'s session on Linux: it
  /// keeps corelibs Foundation from reading a body far ahead of the
  /// delegate that counts it against the limit.
  ///
  /// corelibs' `URLSession` hands each piece of a body (at most 16 KiB,
  /// libcurl's `CURL_MAX_WRITE_SIZE`) to the delegate queue as libcurl
  /// reads it, and never waits. When the delegate's thread gets less CPU
  /// than libcurl's, on one core or a busy machine, the pieces pile up
  /// there: pinned to one core, a client had read all of a 100 MiB body
  /// (peak memory +107 MiB) before its delegate counted 10 MiB.
  ///
  /// Here the thread that adds a delivery waits for one of `room` slots,
  /// which a delivery gives back once the delegate has run it; while it
  /// waits, the delegate's thread gets the CPU (on one core, +18 to
  /// +21 MiB). It waits `longestWait` at most, 1 ms, and then adds the
  /// delivery without a slot: that thread is corelibs' one queue for every
  /// session in the process, and a longer wait (10 s was tried) held other
  /// sessions' requests behind a lagging delegate until they timed out. So
  /// on a machine too busy to run the delegate within a millisecond, libcurl
  /// reads ahead still, at most 16 KiB a millisecond. A delivery added
  /// from this queue itself takes no slot, so the queue never waits on
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
    init(room: Int = 64, longestWait: DispatchTimeInterval = .milliseconds(1)) {
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
