// Foundation brings the C library (Darwin or Glibc), and with it pthread.
import Foundation

/// The package's one lock primitive, a `pthread_mutex_t`, kept as the one
/// element of a `ManagedBuffer` whose header is the state it guards, so that
/// a lock and its state share one allocation (as swift-nio's
/// `NIOLockedValueBox` does).
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15, and `NSLock` adds an
/// Objective-C object and a message send on Darwin, so every lock in the
/// package is one of these. This file is the only place in the package that
/// touches raw memory.
///
/// Every build checks the return code of every pthread call and stops with
/// the call's name and code when one fails, as swift-nio's `NIOLock` and
/// swift-log's `Lock` do. Debug builds also make the mutex error-checking,
/// so a lock taken twice on one thread, or released by a thread that does
/// not hold it, fails such a call and stops at once instead of deadlocking
/// or corrupting state.
///
/// Nothing that can run user code may happen while a lock is held.
package typealias LockPrimitive = pthread_mutex_t

extension ManagedBuffer where Element == LockPrimitive {
  /// A buffer of this class whose header is `header` and whose lock is
  /// made and unlocked. The subclass's `deinit` calls ``destroyLock()``.
  package static func locking(_ header: Header) -> Self {
    // `create` on a subclass makes an instance of that subclass.
    let buffer = create(minimumCapacity: 1) { _ in header } as! Self
    buffer.withUnsafeMutablePointerToElements { mutex in
      mutex.initialize(to: pthread_mutex_t())
      #if DEBUG
        check(pthread_mutex_init(mutex, errorChecking.attributes), "pthread_mutex_init")
      #else
        check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
      #endif
    }
    return buffer
  }

  /// Ends the buffer's lock; call from the owner's `deinit`.
  package func destroyLock() {
    withUnsafeMutablePointerToElements { mutex in
      check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
      mutex.deinitialize(count: 1)
    }
  }

  /// The address of this buffer's lock; see ``LockAddress``.
  package var lockAddress: LockAddress {
    withUnsafeMutablePointerToElements { LockAddress($0) }
  }

  /// Runs `body` with exclusive access to the header, which the lock
  /// guards.
  @inline(__always)
  package func withLock<R>(_ body: (inout Header) throws -> R) rethrows -> R {
    let mutex = lockAddress
    mutex.lock()
    defer { mutex.unlock() }
    return try body(&header)
  }
}

#if DEBUG
  /// The attributes of every debug build's lock: error-checking. Made once
  /// and kept for the process, not made and destroyed around each lock: a
  /// scope makes a lock, and at `-Onone` those three calls and their
  /// checks cost a tenth of entering one.
  private let errorChecking = ErrorCheckingAttributes()

  /// A `pthread_mutexattr_t` of type `PTHREAD_MUTEX_ERRORCHECK`, at an
  /// address that never changes, as `pthread_mutex_init` reads it; never
  /// freed, as it lives as long as the process.
  ///
  /// `@unchecked Sendable`: its attributes are written in `init` only, and
  /// then only read.
  private final class ErrorCheckingAttributes: @unchecked Sendable {
    let attributes = UnsafeMutablePointer<pthread_mutexattr_t>.allocate(capacity: 1)

    init() {
      attributes.initialize(to: pthread_mutexattr_t())
      check(pthread_mutexattr_init(attributes), "pthread_mutexattr_init")
      check(
        pthread_mutexattr_settype(attributes, .init(PTHREAD_MUTEX_ERRORCHECK)),
        "pthread_mutexattr_settype")
    }
  }
#endif

/// The address of a buffer's lock, for a hot path that takes the lock
/// without a closure: at `-Onone`, how tests and debug apps run, nothing is
/// inlined, so `withUnsafeMutablePointerToElements` on every lock and
/// unlock would be two calls and a closure on every read of `Current`.
///
/// Valid only while its buffer lives: keep it beside a strong reference to
/// the buffer it came from, and never on its own.
package struct LockAddress {
  private let mutex: UnsafeMutablePointer<LockPrimitive>

  fileprivate init(_ mutex: UnsafeMutablePointer<LockPrimitive>) {
    self.mutex = mutex
  }

  /// Takes the lock, waiting for it.
  package func lock() {
    // Tested here rather than through `check`: at `-Onone` that would be a
    // call on every read of `Current`, even when the lock succeeds.
    let status = pthread_mutex_lock(mutex)
    if status != 0 { failed(status, "pthread_mutex_lock") }
  }

  /// Releases the lock, which this thread holds.
  package func unlock() {
    let status = pthread_mutex_unlock(mutex)
    if status != 0 { failed(status, "pthread_mutex_unlock") }
  }
}

/// Stops the process when a pthread call failed, in every build.
@inline(__always)
private func check(_ status: Int32, _ call: StaticString) {
  if status != 0 { failed(status, call) }
}

/// Stops the process, naming the pthread call that failed and its code, in
/// every build: a lock that failed guards nothing, and carrying on would
/// race. `fatalError`, not `precondition`, so that the message is printed
/// in optimized builds too.
private func failed(_ status: Int32, _ call: StaticString) -> Never {
  fatalError("CurrentWorld's lock: \(call) failed with error \(status)")
}

/// A value and the lock that guards it, in one allocation. Not `Sendable`
/// (no `ManagedBuffer` is): ``Locked`` and ``Lock`` wrap it for sharing.
package final class LockedBuffer<Value>: ManagedBuffer<Value, LockPrimitive> {
  deinit {
    destroyLock()
  }
}

/// A lock with no value of its own, for an object whose `var`s it guards.
///
/// `@unchecked Sendable`: its buffer holds no value, only the lock.
package struct Lock: @unchecked Sendable {
  private let buffer = LockedBuffer.locking(())

  /// An unlocked lock.
  package init() {}

  /// Takes the lock, waiting for it.
  package func lock() {
    buffer.lockAddress.lock()
  }

  /// Releases the lock.
  package func unlock() {
    buffer.lockAddress.unlock()
  }

  /// Runs `body` while holding the lock.
  @inline(__always)
  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    // Not through the buffer's `withLock`: an inout access of its empty
    // header reads, to ThreadSanitizer, as a write where other threads read
    // the buffer's class before they take the lock.
    let mutex = buffer.lockAddress
    mutex.lock()
    defer { mutex.unlock() }
    return try body()
  }
}

/// A `Sendable` value and the lock that guards it. Copies share the same
/// value and lock.
///
/// The closure passed to ``withLock(_:)`` must not release the last
/// reference to a value it replaces (use ``exchange(_:)``, which hands the
/// old value back to be released after unlocking) and must not take the same
/// lock again.
///
/// `@unchecked Sendable`: the value is `Sendable`, and read and written only
/// under the lock.
package struct Locked<Value: Sendable>: @unchecked Sendable {
  private let buffer: LockedBuffer<Value>

  /// Creates a lock that guards `value`.
  package init(_ value: Value) {
    buffer = LockedBuffer.locking(value)
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try buffer.withLock(body)
  }

  /// Stores `newValue` and returns the value it replaced. The caller releases
  /// the old value after the lock is open again, so a `deinit` that it
  /// triggers can take this lock.
  @inline(__always)
  package func exchange(_ newValue: Value) -> Value {
    withLock { value in
      let old = value
      value = newValue
      return old
    }
  }
}

/// Hands out numbers that are never handed out twice in a process: 1, 2, 3…
/// A `UInt64` does not run out: at a billion a second it lasts 584 years.
///
/// `@unchecked Sendable`: its number is read and written only under its
/// lock, taken without a closure, which at `-Onone` would cost more than
/// the lock.
package struct Counter: @unchecked Sendable {
  private let buffer = LockedBuffer.locking(UInt64(0))

  /// A counter whose first number is 1.
  package init() {}

  /// The next number.
  package func next() -> UInt64 {
    let mutex = buffer.lockAddress
    mutex.lock()
    buffer.header += 1
    let number = buffer.header
    mutex.unlock()
    return number
  }
}
