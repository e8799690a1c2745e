#if DEBUG
  import Foundation
  internal import CurrentWorldHTTP

  /// The world of one scope (or of the whole process), behind a lock, so
  /// that the tasks that share the scope read and write it without races.
  ///
  /// Not a `Locked<ScopeState>`: a read of `Current` goes through here, and
  /// at `-Onone`, how tests and debug apps run, `Locked`'s generic closures
  /// are not specialized and cost several times the lock itself. A box is
  /// also made on every scope entry, where allocations are most of the cost,
  /// so its lock and its state share one block of memory beside the object,
  /// and are reached through pointers, which need no exclusivity check.
  final class WorldBox: @unchecked Sendable {
    private let memory: UnsafeMutableRawPointer
    private let mutex: RawLock
    private let state: UnsafeMutablePointer<ScopeState>
    /// `true` for the process-wide world of a test process only: its reads
    /// and writes are checked for code that escaped a test's world.
    let watchesForEscapes: Bool

    /// A box whose world starts as `world`.
    convenience init(_ world: World) {
      self.init(world.storage, watchesForEscapes: false)
    }

    /// The process-wide world's box, whose world is the launch world, fixed
    /// at its first read or write (``LaunchWorld/seal(_:)``), not when the
    /// box is made: making it must not close ``World/bootstrap(fileID:filePath:line:column:_:)``.
    static func launching(watchesForEscapes: Bool) -> WorldBox {
      WorldBox(nil, watchesForEscapes: watchesForEscapes)
    }

    private init(_ storage: WorldStorage?, watchesForEscapes: Bool) {
      self.watchesForEscapes = watchesForEscapes
      let stateOffset =
        (RawLock.byteCount + MemoryLayout<ScopeState>.alignment - 1)
        & ~(MemoryLayout<ScopeState>.alignment - 1)
      memory = .allocate(
        byteCount: stateOffset + MemoryLayout<ScopeState>.size,
        alignment: max(RawLock.alignment, MemoryLayout<ScopeState>.alignment))
      mutex = RawLock(at: memory)
      state = (memory + stateOffset).bindMemory(to: ScopeState.self, capacity: 1)
      state.initialize(to: ScopeState(storage: storage, initial: storage))
    }

    deinit {
      state.deinitialize(count: 1)
      mutex.destroy()
      memory.deallocate()
    }

    /// The storage that reads see.
    var storage: WorldStorage {
      mutex.lock()
      let storage = state.pointee.storage
      mutex.unlock()
      return storage ?? launch()
    }

    /// Stores `world` (see ``ScopeState/store(_:)``). The storage it replaces
    /// is released after the lock is open again, so a `deinit` that the
    /// release runs can read and write `Current`.
    func store(_ world: World) {
      mutex.lock()
      if state.pointee.storage == nil {
        // A write is a first use too: it closes bootstrap as a read does.
        mutex.unlock()
        _ = launch()
        mutex.lock()
      }
      let replaced = state.pointee.store(world)
      mutex.unlock()
      withExtendedLifetime(replaced) {}
    }

    /// Fixes the launch world as this box's first world, unless another
    /// thread did first; the launch world is made outside the lock.
    private func launch() -> WorldStorage {
      let launch = LaunchWorld.seal(.firstUse).storage
      mutex.lock()
      if state.pointee.storage == nil {
        state.pointee.storage = launch
        state.pointee.initial = launch
      }
      let storage = state.pointee.storage.unsafelyUnwrapped
      mutex.unlock()
      return storage
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
      if let edits = world.edits, edits.base !== storage, isReadHere(edits.base) {
        storage = WorldStorage(
          storage.unsafelyUnwrapped.fields.merging(edits, from: world.storage.fields),
          scope: token)
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
