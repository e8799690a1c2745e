/// The app-defined dependencies that were set in one world: an immutable
/// linked list, newest first, with one node per key.
///
/// Not a dictionary: a read of `Current.analytics` looks its key up here,
/// and at `-Onone`, how tests and debug apps run, a dictionary lookup costs
/// more than the rest of the read. A world overrides a handful of keys, and
/// walking a few nodes is cheaper than hashing one.
///
/// Each node is a ``DependencyNode`` of the key's value type, so that a read
/// gets its value with one cast between two equal types, not by opening an
/// existential and casting its contents, which cost half again a read of a
/// built-in field.
///
/// `@unchecked Sendable`: a class that has subclasses cannot be checked;
/// every stored property here and in the one subclass is a `let` of a
/// `Sendable` type.
class DependencyList: @unchecked Sendable {
  let key: ObjectIdentifier
  let next: DependencyList?

  init(key: ObjectIdentifier, next: DependencyList?) {
    self.key = key
    self.next = next
  }

  /// This node's value, as `type`, which is the type it was stored as:
  /// every node is a ``DependencyNode``, which overrides it.
  func value<Value>(as type: Value.Type) -> Value {
    preconditionFailure("every node is a DependencyNode")
  }

  /// This node's value and key, before `next`: what a merge copies into
  /// another list. Every node is a ``DependencyNode``, which overrides it.
  func relinked(next: DependencyList?) -> DependencyList {
    preconditionFailure("every node is a DependencyNode")
  }

  /// How many dependencies the list holds, this node included.
  var count: Int {
    var count = 0
    var node: DependencyList? = self
    while let current = node {
      count += 1
      node = current.next
    }
    return count
  }

  /// The node for `key`, or `nil`.
  func node(for key: ObjectIdentifier) -> DependencyList? {
    var node: DependencyList? = self
    while let current = node {
      if current.key == key { return current }
      node = current.next
    }
    return nil
  }

  /// The list without the node for `key`.
  func removing(_ key: ObjectIdentifier) -> DependencyList? {
    if self.key == key { return next }
    guard let next, next.node(for: key) != nil else { return self }
    return relinked(next: next.removing(key))
  }

  /// `list` with `node` in front, replacing any node with the same key.
  static func setting(_ node: DependencyList, in list: DependencyList?) -> DependencyList {
    node.relinked(next: list?.removing(node.key))
  }
}

/// One app-defined dependency's value, of its key's `Value` type: only the
/// key's own subscript makes and reads it (``World/subscript(_:)-(Key.Type)``).
///
/// `@unchecked Sendable`, restated from ``DependencyList`` as Swift asks:
/// its one stored property is a `let` of a `Sendable` type.
final class DependencyNode<Value: Sendable>: DependencyList, @unchecked Sendable {
  let value: Value
  /// The ``WorldDependency`` whose identity ``key`` is, kept alive so that
  /// no other object can take its address while the node lives; `nil` for
  /// a ``WorldKey``, a type, which lives as long as the process.
  let owner: WorldDependency<Value>?

  init(
    key: ObjectIdentifier, value: Value, next: DependencyList?, owner: WorldDependency<Value>? = nil
  ) {
    self.value = value
    self.owner = owner
    super.init(key: key, next: next)
  }

  override func value<Requested>(as type: Requested.Type) -> Requested {
    // The same type, so the runtime's cast is a copy: no existential to
    // open, and no generic metadata to look up.
    value as! Requested
  }

  override func relinked(next: DependencyList?) -> DependencyList {
    DependencyNode(key: key, value: value, next: next, owner: owner)
  }
}
