#if DEBUG || ReleaseScopes
  import Foundation
  internal import CurrentWorldSupport

  /// The world of one scope (or of the whole process), behind a lock, so
  /// that the tasks that share the scope read and write it without races.
  ///
  /// A box is made on every scope entry, where allocations are most of the
  /// cost, so its lock and its state share one allocation: the state is the
  /// `ManagedBuffer`'s header and the lock its one element. Not a
  /// `Locked<ScopeState>`: a read of `Current` goes through here, and at
  /// `-Onone`, how tests and debug apps run, a generic closure is not
  /// specialized and costs several times the lock itself.
  ///
  /// `@unchecked Sendable`: its buffer's header is read and written only
  /// under the buffer's lock. (No `ManagedBuffer` is `Sendable` itself.)
  struct WorldBox: @unchecked Sendable {
    private let buffer: ScopeBuffer
    /// `buffer`'s lock, reached without a closure; valid while `buffer`,
    /// held beside it, lives.
    private let mutex: LockAddress
    /// `true` for the process-wide world of a test process only: its reads
    /// and writes are checked for code that escaped a test's world. Kept
    /// here, not under the lock: it never changes.
    let watchesForEscapes: Bool

    /// A box whose world starts as `world`.
    static func make(_ world: World) -> WorldBox {
      make(world.storage, watchesForEscapes: false)
    }

    /// The process-wide world's box, whose world is the launch world, fixed
    /// at its first read or write (``LaunchWorld/seal(_:)``), not when the
    /// box is made: making it must not close ``World/bootstrap(fileID:filePath:line:column:_:)``.
    static func launching(watchesForEscapes: Bool) -> WorldBox {
      make(nil, watchesForEscapes: watchesForEscapes)
    }

    private static func make(_ storage: WorldStorage?, watchesForEscapes: Bool) -> WorldBox {
      let buffer = ScopeBuffer.locking(ScopeState(storage: storage, initial: storage))
      return WorldBox(
        buffer: buffer, mutex: buffer.lockAddress, watchesForEscapes: watchesForEscapes)
    }

    /// The storage that reads see.
    var storage: WorldStorage {
      mutex.lock()
      let storage = buffer.header.storage
      mutex.unlock()
      return storage ?? launch()
    }

    /// Stores `world` (see ``ScopeState/store(_:)``). The storage it replaces
    /// is released after the lock is open again, so a `deinit` that the
    /// release runs can read and write `Current`.
    func store(_ world: World) {
      mutex.lock()
      if buffer.header.storage == nil {
        // A write is a first use too: it closes bootstrap as a read does.
        mutex.unlock()
        _ = launch()
        mutex.lock()
      }
      let replaced = buffer.header.store(world)
      mutex.unlock()
      withExtendedLifetime(replaced) {}
    }

    /// Fixes the launch world as this box's first world, unless another
    /// thread did first; the launch world is made outside the lock.
    private func launch() -> WorldStorage {
      let launch = LaunchWorld.seal(.firstUse).storage
      mutex.lock()
      defer { mutex.unlock() }
      if let storage = buffer.header.storage { return storage }
      buffer.header.storage = launch
      buffer.header.initial = launch
      return launch
    }
  }

  /// A ``WorldBox``'s lock and state in one allocation: the state is the
  /// header, the lock the one element.
  final class ScopeBuffer: ManagedBuffer<ScopeState, LockPrimitive> {
    deinit {
      destroyLock()
    }
  }

  /// What a ``WorldBox`` guards: the scope's world, as one storage.
  struct ScopeState {
    /// The world that reads see; `nil` only in the process-wide box before
    /// its first use.
    var storage: WorldStorage?
    /// The storage the scope started with. Kept, so that a world read before
    /// the scope's first write is still known as read from this scope.
    var initial: WorldStorage?
    /// Marks the storages this scope's writes make; made at the first write.
    var token: ScopeToken?

    /// Stores `world` and returns the storage it replaced, for the caller to
    /// release after unlocking.
    ///
    /// A world read from this scope and then changed is merged into the
    /// scope's world field by field, so a write that landed since the read
    /// survives; any other world replaces the scope's world whole.
    mutating func store(_ world: World) -> WorldStorage? {
      let replaced = storage
      let token = self.token ?? ScopeToken()
      self.token = token
      if let current = storage, let edits = world.edits, edits.base !== current,
        isReadHere(edits.base)
      {
        storage = WorldStorage(
          current.fields.merging(edits, from: world.storage.fields), scope: token)
      } else if world.storage.scope === token {
        // Written from a storage of this scope, so already marked as one:
        // stored as it is, without copying its fields.
        storage = world.storage
      } else {
        storage = WorldStorage(world.storage.fields, scope: token)
      }
      return replaced
    }

    /// Whether `storage` is one that this scope's world has held.
    private func isReadHere(_ storage: WorldStorage) -> Bool {
      storage === initial || (storage.scope != nil && storage.scope === token)
    }
  }
#endif
