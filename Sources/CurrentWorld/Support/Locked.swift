// Foundation brings the C library (Darwin or Glibc): the library imports
// Foundation only.
import Foundation

/// A `Sendable` value and the lock that guards it, in one allocation.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15, so this uses a
/// `pthread_mutex_t`, which every supported platform has under the same name.
/// Copies share the same value and lock.
///
/// Nothing that can run user code may happen while the lock is held: the
/// closure passed to ``withLock(_:)`` must not release the last reference to
/// a value it replaces (use ``exchange(_:)``, which hands the old value back
/// to be released after unlocking) and must not take the same lock again.
package struct Locked<Value: Sendable>: @unchecked Sendable {
  private let buffer: LockBuffer<Value>

  /// Creates a lock that guards `value`.
  package init(_ value: Value) {
    let buffer = LockBuffer<Value>.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { lock in
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
      }
      return value
    }
    self.buffer = unsafeDowncast(buffer, to: LockBuffer<Value>.self)
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try buffer.withUnsafeMutablePointers { value, lock in
      let status = pthread_mutex_lock(lock)
      precondition(status == 0, "pthread_mutex_lock failed: \(status)")
      defer { pthread_mutex_unlock(lock) }
      return try body(&value.pointee)
    }
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

  /// Whether two `Locked`s share one value and lock.
  static func === (lhs: Locked, rhs: Locked) -> Bool {
    lhs.buffer === rhs.buffer
  }
}

/// The allocation behind ``Locked``: the value as its header, then the lock.
/// `ManagedBuffer` destroys the header itself; the lock is destroyed here.
private final class LockBuffer<Value>: ManagedBuffer<Value, pthread_mutex_t> {
  deinit {
    withUnsafeMutablePointerToElements { lock in
      pthread_mutex_destroy(lock)
      _ = lock.deinitialize(count: 1)
    }
  }
}
