#if DEBUG
  import Foundation
  internal import CurrentWorldHTTP

  /// The world of one scope (or of the whole process), behind a lock, so
  /// that the tasks that share the scope read and write it without races.
  ///
  /// Not a `Locked<ScopeState>`: a read of `Current` goes through here, and
  /// at `-Onone`, how tests and debug apps run, `Locked`'s generic closures
  /// are not specialized and cost several times the lock itself. So this
  /// takes the package's ``Lock`` directly, and keeps its state behind a
  /// pointer of its own, which needs no exclusivity check.
  final class WorldBox: @unchecked Sendable {
    private let mutex = Lock()
    private let state: UnsafeMutablePointer<ScopeState>
    /// `true` for the process-wide world of a test process only: its reads
    /// and writes are checked for code that escaped a test's world.
    let watchesForEscapes: Bool

    /// A box whose world starts as `world`.
    init(_ world: World, watchesForEscapes: Bool = false) {
      self.watchesForEscapes = watchesForEscapes
      state = .allocate(capacity: 1)
      state.initialize(to: ScopeState(storage: world.storage, initial: world.storage))
    }

    deinit {
      state.deinitialize(count: 1)
      state.deallocate()
    }

    /// The storage that reads see.
    var storage: WorldStorage {
      mutex.lock()
      let storage = state.pointee.storage
      mutex.unlock()
      return storage
    }

    /// Stores `world` (see ``ScopeState/store(_:)``). The storage it replaces
    /// is released after the lock is open again, so a `deinit` that the
    /// release runs can read and write `Current`.
    func store(_ world: World) {
      mutex.lock()
      let replaced = state.pointee.store(world)
      mutex.unlock()
      withExtendedLifetime(replaced) {}
    }
  }

  /// What a ``WorldBox`` guards: the scope's world, as one storage.
  struct ScopeState {
    /// The world that reads see.
    var storage: WorldStorage
    /// The storage the scope started with. Kept, so that a world read before
    /// the scope's first write is still known as read from this scope.
    let initial: WorldStorage
    /// Marks the storages this scope's writes make; made at the first write.
    var token: ScopeToken?

    /// Stores `world` and returns the storage it replaced, for the caller to
    /// release after unlocking.
    ///
    /// A world read from this scope and then changed is merged into the
    /// scope's world field by field, so a write that landed since the read
    /// survives; any other world replaces the scope's world whole.
    mutating func store(_ world: World) -> WorldStorage {
      let replaced = storage
      let fields: WorldStorage.Fields
      if let edits = world.edits, edits.base !== storage, isReadHere(edits.base) {
        fields = storage.fields.merging(edits)
      } else {
        fields = world.storage.fields
      }
      let token = self.token ?? ScopeToken()
      self.token = token
      storage = WorldStorage(fields, scope: token)
      return replaced
    }

    /// Whether `storage` is one that this scope's world has held.
    private func isReadHere(_ storage: WorldStorage) -> Bool {
      storage === initial || (storage.scope != nil && storage.scope === token)
    }
  }
#endif
