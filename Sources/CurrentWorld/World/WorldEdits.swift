/// What was written to a ``World`` since it was read: the storage it was read
/// as, and each write, as a change that can be made again.
///
/// `Current.locale = x` reads the world, changes the copy and writes it back.
/// When another write landed in between, the scope keeps that write and makes
/// these changes again on top of it, so concurrent writes to different fields
/// all survive.
struct WorldEdits: Sendable {
  /// The storage the world had before its first write.
  let base: WorldStorage
  /// The writes, oldest first, at most one per field or key.
  private(set) var changes: [Change] = []

  init(base: WorldStorage) {
    self.base = base
  }

  /// One write: what it wrote to, and how to write it again.
  struct Change: Sendable {
    let target: Target
    let apply: @Sendable (inout WorldStorage.Fields) -> Void
  }

  /// What a write wrote to.
  enum Target: Equatable, Sendable {
    /// A built-in field, by its key path in ``WorldStorage/Fields``.
    case field(AnyKeyPath & Sendable)
    /// An app-defined dependency, by its key type.
    case key(ObjectIdentifier)

    static func == (lhs: Target, rhs: Target) -> Bool {
      switch (lhs, rhs) {
      case (.field(let lhs), .field(let rhs)): lhs == rhs
      case (.key(let lhs), .key(let rhs)): lhs == rhs
      default: false
      }
    }
  }

  /// Records `change`, replacing an earlier write to the same target.
  mutating func record(_ change: Change) {
    if let index = changes.firstIndex(where: { $0.target == change.target }) {
      changes.remove(at: index)
    }
    changes.append(change)
  }
}
