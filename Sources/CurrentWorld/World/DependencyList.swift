/// The app-defined dependencies that were set in one world: an immutable
/// linked list, newest first, with one node per key.
///
/// Not a dictionary: a read of `Current.analytics` looks its key up here,
/// and at `-Onone`, how tests and debug apps run, a dictionary lookup costs
/// more than the rest of the read. A world overrides a handful of keys, and
/// walking a few nodes is cheaper than hashing one.
class DependencyList: @unchecked Sendable {
  // `@unchecked`: every stored property is a `let`, and the one subclass
  // holds a `Sendable` value in a `let`.
  let key: ObjectIdentifier
  let next: DependencyList?

  init(key: ObjectIdentifier, next: DependencyList?) {
    self.key = key
    self.next = next
  }

  /// The node for `key`, or `nil`.
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

  func node(for key: ObjectIdentifier) -> DependencyList? {
    var node: DependencyList? = self
    while let current = node {
      if current.key == key { return current }
      node = current.next
    }
    return nil
  }

  /// A copy of this node (with its value) followed by `next`.
  func relinked(next: DependencyList?) -> DependencyList {
    fatalError("DependencyList is abstract; TypedDependency overrides this")
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

/// The node for a key whose `Value` is `Value`.
final class TypedDependency<Value: Sendable>: DependencyList, @unchecked Sendable {
  let value: Value

  init(key: ObjectIdentifier, value: Value, next: DependencyList?) {
    self.value = value
    super.init(key: key, next: next)
  }

  override func relinked(next: DependencyList?) -> DependencyList {
    TypedDependency(key: key, value: value, next: next)
  }
}
