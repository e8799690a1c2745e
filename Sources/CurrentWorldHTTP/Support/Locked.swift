// Foundation brings the C library (Darwin or Glibc).
import Foundation

/// The package's one lock primitive: a `pthread_mutex_t` at an address that
/// its owner allocates, so that an object can keep its lock and its state in
/// one allocation.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15, and `NSLock` adds an
/// Objective-C object and a message send on Darwin, so every lock in the
/// package is one of these: ``Lock`` owns one, ``Locked`` wraps that with a
/// value, and the core's scope boxes (made on every scope entry, read on
/// every `Current` read) keep one beside their state. It lives in
/// CurrentWorldHTTP, the lowest module, so that all three modules share it.
///
/// Nothing that can run user code may happen while it is held.
package struct RawLock {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// The bytes a lock takes at its address.
  package static var byteCount: Int { MemoryLayout<pthread_mutex_t>.stride }
  /// The alignment its address needs.
  package static var alignment: Int { MemoryLayout<pthread_mutex_t>.alignment }

  /// Makes an unlocked lock at `address`, which holds ``byteCount`` bytes
  /// aligned to ``alignment``. Call ``destroy()`` before freeing them.
  package init(at address: UnsafeMutableRawPointer) {
    mutex = address.bindMemory(to: pthread_mutex_t.self, capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
  }

  /// Ends the lock; its bytes can then be freed.
  package func destroy() {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
  }

  /// Takes the lock, waiting for it.
  package func lock() {
    let status = pthread_mutex_lock(mutex)
    precondition(status == 0, "pthread_mutex_lock failed: \(status)")
  }

  /// Releases the lock.
  package func unlock() {
    pthread_mutex_unlock(mutex)
  }
}

/// A ``RawLock`` that owns its memory.
package final class Lock: @unchecked Sendable {
  private let raw: RawLock
  private let memory: UnsafeMutableRawPointer

  /// An unlocked lock.
  package init() {
    memory = .allocate(byteCount: RawLock.byteCount, alignment: RawLock.alignment)
    raw = RawLock(at: memory)
  }

  deinit {
    raw.destroy()
    memory.deallocate()
  }

  /// Takes the lock, waiting for it.
  package func lock() {
    raw.lock()
  }

  /// Releases the lock.
  package func unlock() {
    raw.unlock()
  }

  /// Runs `body` while holding the lock.
  @inline(__always)
  package func withLock<R>(_ body: () throws -> R) rethrows -> R {
    lock()
    defer { unlock() }
    return try body()
  }
}

/// A `Sendable` value and the ``Lock`` that guards it. Copies share the same
/// value and lock.
///
/// The closure passed to ``withLock(_:)`` must not release the last
/// reference to a value it replaces (use ``exchange(_:)``, which hands the
/// old value back to be released after unlocking) and must not take the same
/// lock again.
package struct Locked<Value: Sendable>: @unchecked Sendable {
  private final class Box: @unchecked Sendable {
    let lock = Lock()
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private let box: Box

  /// Creates a lock that guards `value`.
  package init(_ value: Value) {
    box = Box(value)
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    let box = box
    return try box.lock.withLock { try body(&box.value) }
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
