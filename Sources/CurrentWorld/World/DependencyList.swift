/// The app-defined dependencies that were set in one world: an immutable
/// linked list, newest first, with one node per key.
///
/// Not a dictionary: a read of `Current.analytics` looks its key up here,
/// and at `-Onone`, how tests and debug apps run, a dictionary lookup costs
/// more than the rest of the read. A world overrides a handful of keys, and
/// walking a few nodes is cheaper than hashing one.
final class DependencyList: @unchecked Sendable {
  // `@unchecked`: every stored property is a `let`, and the value was
  // `Sendable` when it was set.
  let key: ObjectIdentifier
  let value: DependencyValue
  let next: DependencyList?

  init(key: ObjectIdentifier, value: DependencyValue, next: DependencyList?) {
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

/// One app-defined dependency's value, in memory of its own, shared by the
/// nodes that hold it.
///
/// Not a generic `Node<Value>`: at `-Onone`, how tests and debug apps run,
/// reading through a generic class looks its metadata up in the runtime's
/// cache on every read of `Current.analytics`, which cost more than the rest
/// of the read. Reading memory as `Value` needs only `Value`'s own metadata.
final class DependencyValue: @unchecked Sendable {
  private let memory: UnsafeMutableRawPointer
  private let destroy: @Sendable (UnsafeMutableRawPointer) -> Void

  init<Value: Sendable>(_ value: Value) {
    memory = .allocate(
      byteCount: Swift.max(MemoryLayout<Value>.size, 1), alignment: MemoryLayout<Value>.alignment)
    memory.initializeMemory(as: Value.self, repeating: value, count: 1)
    destroy = { $0.assumingMemoryBound(to: Value.self).deinitialize(count: 1) }
  }

  deinit {
    destroy(memory)
    memory.deallocate()
  }

  /// The value, which was stored as a `Value`: only the key's own
  /// subscript stores and reads it, always as the key's `Value`.
  func read<Value>(as _: Value.Type) -> Value {
    memory.assumingMemoryBound(to: Value.self).pointee
  }
}
