// Foundation brings the C library (Darwin or Glibc): the library imports
// Foundation only.
import Foundation

/// A value and the lock that guards it, in one allocation.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15, so this uses
/// `os_unfair_lock` on Apple platforms and `pthread_mutex_t` elsewhere.
/// Copies share the same value and lock. The closure passed to
/// ``withLock(_:)`` must not take the same lock again.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
struct Locked<Value>: @unchecked Sendable {
  private let buffer: LockBuffer<Value>

  /// Creates a lock that guards `value`.
  init(_ value: Value) {
    let buffer = LockBuffer<Value>.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { PlatformLock.initialize($0) }
      return value
    }
    self.buffer = unsafeDowncast(buffer, to: LockBuffer<Value>.self)
  }

  private init(buffer: LockBuffer<Value>) {
    self.buffer = buffer
  }

  /// Calls `body` with the `Locked` stored at `slot`, without retaining it.
  ///
  /// A `Locked?` is a single pointer, `nil` being zero. The caller must keep
  /// whatever is stored at `slot` alive until `body` returns.
  ///
  /// - Returns: `nil` when the slot holds `nil`, else what `body` returns.
  @inline(__always)
  static func withUnretained<R>(
    storedAt slot: UnsafeRawPointer,
    _ body: (Locked) -> R
  ) -> R? {
    guard let address = slot.load(as: UnsafeRawPointer?.self) else { return nil }
    return Unmanaged<LockBuffer<Value>>.fromOpaque(address)._withUnsafeGuaranteedRef {
      body(Locked(buffer: $0))
    }
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try buffer.withUnsafeMutablePointers { value, lock in
      PlatformLock.lock(lock)
      defer { PlatformLock.unlock(lock) }
      return try body(&value.pointee)
    }
  }
}

/// The allocation behind ``Locked``: the value as its header, then the lock.
/// `ManagedBuffer` destroys the header itself; the lock is destroyed here.
private final class LockBuffer<Value>: ManagedBuffer<Value, PlatformLock> {
  deinit {
    withUnsafeMutablePointerToElements { PlatformLock.destroy($0) }
  }
}

#if canImport(Darwin)
  typealias PlatformLock = os_unfair_lock
#else
  typealias PlatformLock = pthread_mutex_t
#endif

extension PlatformLock {
  static func initialize(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      lock.initialize(to: os_unfair_lock())
    #else
      lock.initialize(to: pthread_mutex_t())
      pthread_mutex_init(lock, nil)
    #endif
  }

  @inline(__always)
  static func lock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
    #else
      pthread_mutex_lock(lock)
    #endif
  }

  @inline(__always)
  static func unlock(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if canImport(Darwin)
      os_unfair_lock_unlock(lock)
    #else
      pthread_mutex_unlock(lock)
    #endif
  }

  static func destroy(_ lock: UnsafeMutablePointer<PlatformLock>) {
    #if !canImport(Darwin)
      pthread_mutex_destroy(lock)
    #endif
    lock.deinitialize(count: 1)
  }
}
