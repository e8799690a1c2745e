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

    /// A box whose world starts as `world`, in a storage of its own.
    static func make(_ world: World) -> WorldBox {
      make(root: WorldStorage(world.storage.fields), watchesForEscapes: false)
    }

    /// The process-wide world's box, whose world is the launch world, fixed
    /// at its first read or write (``LaunchWorld/seal(_:)``), not when the
    /// box is made: making it must not close ``World/bootstrap(fileID:filePath:line:column:_:)``.
    static func launching(watchesForEscapes: Bool) -> WorldBox {
      make(root: nil, watchesForEscapes: watchesForEscapes)
    }

    private static func make(root: WorldStorage?, watchesForEscapes: Bool) -> WorldBox {
      let buffer = ScopeBuffer.locking(ScopeState(root: root))
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
    /// thread did first; the launch world and the root are made outside the
    /// lock, and a root that lost the race is released outside it too.
    private func launch() -> WorldStorage {
      let root = WorldStorage(LaunchWorld.seal(.firstUse).storage.fields)
      mutex.lock()
      let first = buffer.header.storage
      if first == nil { buffer.header = ScopeState(root: root) }
      mutex.unlock()
      return withExtendedLifetime(root) { first ?? root }
    }
  }

  /// A ``WorldBox``'s lock and state in one allocation: the state is the
  /// header, the lock the one element.
  final class ScopeBuffer: ManagedBuffer<ScopeState, LockPrimitive> {
    deinit {
      destroyLock()
    }
  }

  /// What a ``WorldBox`` guards: the scope's world, as one storage, and the
  /// scope's identity.
  struct ScopeState {
    /// The world that reads see; `nil` only in the process-wide box before
    /// its first use.
    var storage: WorldStorage?
    /// The scope's identity: the storage it started with, made for this
    /// scope alone when it starts (the process-wide world's at its first
    /// use), so that no other scope ever holds it, even one that started
    /// from the same world. Every storage this scope stores points to it
    /// (``WorldStorage/scope``), so a world read here is known as read
    /// here, and a world read in any other scope, however deep, is not.
    let root: WorldStorage?

    init(root: WorldStorage?) {
      self.storage = root
      self.root = root
    }

    /// Stores `world` and returns the storage it replaced, for the caller to
    /// release after unlocking.
    ///
    /// A world read from this scope and then changed is merged into the
    /// scope's world field by field, so a write that landed since the read
    /// survives; any other world replaces the scope's world whole.
    mutating func store(_ world: World) -> WorldStorage? {
      let replaced = storage
      if let current = storage, let edits = world.edits, edits.base !== current,
        isReadHere(edits.base)
      {
        storage = WorldStorage(
          current.fields.merging(edits, from: world.storage.fields), scope: root)
      } else if let root, world.storage.scope === root {
        // Written from a storage of this scope, so already marked as one:
        // stored as it is, without copying its fields.
        storage = world.storage
      } else {
        storage = WorldStorage(world.storage.fields, scope: root)
      }
      return replaced
    }

    /// Whether `storage` is one that this scope's world has held, or was
    /// written from one, rather than read in another scope.
    private func isReadHere(_ storage: WorldStorage) -> Bool {
      guard let root else { return false }
      return storage === root || storage.scope === root
    }
  }
#endif
