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

    /// Where the numbers of scopes come from.
    private static let ids = Counter()

    /// A box whose world starts as `world`, sharing its storage.
    static func make(_ world: World) -> WorldBox {
      make(storage: world.storage, watchesForEscapes: false)
    }

    /// The process-wide world's box, whose world is the launch world, fixed
    /// at its first read or write (``LaunchWorld/seal(_:)``), not when the
    /// box is made: making it must not close ``World/bootstrap(fileID:filePath:line:column:_:)``.
    static func launching(watchesForEscapes: Bool) -> WorldBox {
      make(storage: nil, watchesForEscapes: watchesForEscapes)
    }

    private static func make(storage: WorldStorage?, watchesForEscapes: Bool) -> WorldBox {
      let buffer = ScopeBuffer.locking(ScopeState(storage: storage))
      return WorldBox(
        buffer: buffer, mutex: buffer.lockAddress, watchesForEscapes: watchesForEscapes)
    }

    /// Whether this is `other`: the same scope's box.
    func isSame(as other: WorldBox) -> Bool { buffer === other.buffer }

    /// The world that reads see, marked as read here.
    var world: World {
      mutex.lock()
      // One access to the header: at `-Onone` each costs an exclusivity
      // check and a retain of the buffer.
      let state = buffer.header
      mutex.unlock()
      return World(
        storage: state.storage ?? launch(), readIn: state.id != 0 ? state.id : identify())
    }

    /// Gives this box its number (``ScopeState/id``) at its first read,
    /// unless another thread did first. Taken outside the box's lock.
    private func identify() -> UInt64 {
      let number = Self.ids.next()
      mutex.lock()
      if buffer.header.id == 0 { buffer.header.id = number }
      let id = buffer.header.id
      mutex.unlock()
      return id
    }

    /// Stores `world` (see ``ScopeState/store(_:readHere:)``). The storage
    /// it replaces is released after the lock is open again, so a `deinit`
    /// that the release runs can read and write `Current`.
    func store(_ world: World) {
      mutex.lock()
      if buffer.header.storage == nil {
        // A write is a first use too: it closes bootstrap as a read does.
        mutex.unlock()
        _ = launch()
        mutex.lock()
      }
      let id = buffer.header.id
      // A box not yet read (id 0) handed out no world to merge back.
      let replaced = buffer.header.store(world, readHere: id != 0 && world.readIn == id)
      mutex.unlock()
      withExtendedLifetime(replaced) {}
    }

    /// Fixes the launch world as this box's first world, unless another
    /// thread did first; the launch world is made outside the lock.
    private func launch() -> WorldStorage {
      let launched = LaunchWorld.seal(.firstUse).storage
      mutex.lock()
      let first = buffer.header.storage
      if first == nil { buffer.header.storage = launched }
      mutex.unlock()
      return first ?? launched
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
    /// The scope's identity, a number that no other box in the process
    /// has, or 0 until its first read: worlds read here carry it
    /// (``World/readIn``), so that a world read here is known as read here,
    /// and a world read in any other scope, however deep or however alike,
    /// is not. A number rather than a storage of the scope's own, so that
    /// entering a scope copies no fields; rather than the box's address,
    /// which a later box may reuse while a world read here lives on; and
    /// given at the first read, so that a scope nobody reads costs no
    /// number.
    var id: UInt64 = 0

    /// Stores `world` and returns the storage it replaced, for the caller to
    /// release after unlocking.
    ///
    /// A world read from this scope (`readHere`) and then changed is merged
    /// into the scope's world field by field, so a write that landed since
    /// the read survives; any other world replaces the scope's world whole.
    mutating func store(_ world: World, readHere: Bool) -> WorldStorage? {
      let replaced = storage
      if readHere, let current = storage, let edits = world.edits, edits.base !== current {
        storage = WorldStorage(current.fields.merging(edits, from: world.storage.fields))
      } else {
        storage = world.storage
      }
      return replaced
    }
  }
#endif
