/// The app-defined dependencies that were set in one world: an immutable
/// linked list, newest first, with one node per key.
///
/// Not a dictionary: a read of `Current.analytics` looks its key up here,
/// and at `-Onone`, how tests and debug apps run, a dictionary lookup costs
/// more than the rest of the read. A world overrides a handful of keys, and
/// walking a few nodes is cheaper than hashing one.
final class DependencyList: Sendable {
  let key: ObjectIdentifier
  /// The value, always of the key's `Value` type: only the key's own
  /// subscript stores and reads it (``World/subscript(_:)``), and a read of
  /// any other type traps rather than reinterpreting memory.
  let value: any Sendable
  let next: DependencyList?

  init(key: ObjectIdentifier, value: any Sendable, next: DependencyList?) {
    self.key = key
    self.value = value
    self.next = next
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
    return DependencyList(key: self.key, value: value, next: next.removing(key))
  }

  /// `list` with `node` in front, replacing any node with the same key.
  static func setting(_ node: DependencyList, in list: DependencyList?) -> DependencyList {
    DependencyList(key: node.key, value: node.value, next: list?.removing(node.key))
  }
}
