extension World {
  /// Reads or overrides a ``WorldDependency``, by the instance rather than
  /// through a module's dynamic-member subscript: the one way to name a
  /// dependency when two modules' namespaces declare the same name, which
  /// makes `Current.analytics` ambiguous.
  ///
  /// ```swift
  /// Current[FeatureDependencies.analytics].log = { _ in }
  /// ```
  ///
  /// Without an override, a read returns the dependency's value for the
  /// world's ``context``.
  public subscript<Value>(dependency: WorldDependency<Value>) -> Value {
    get {
      // The walk of `DependencyList.node(for:)`, written out, as in the
      // `WorldKey` subscript.
      let id = ObjectIdentifier(dependency)
      var node = storage.fields.dependencies
      while let current = node, current.key != id { node = current.next }
      // Only the setter below stores under this key, always of `Value`.
      if let node { return node.value(as: Value.self) }
      return dependency.value(for: storage.fields.context)
    }
    set { setDependency(newValue, key: ObjectIdentifier(dependency), owner: dependency) }
  }

  /// Stores `value` under `key` as the head node of the list, once: the
  /// list's other nodes keep theirs. `owner`, a ``WorldDependency``, is
  /// kept alive by the node, so no other object can take its address.
  mutating func setDependency<Value>(
    _ value: Value, key: ObjectIdentifier, owner: WorldDependency<Value>?
  ) {
    update(key: key) { fields in
      fields.dependencies = DependencyNode(
        key: key, value: value, next: fields.dependencies?.removing(key), owner: owner)
    }
  }

  /// Reads or overrides the ``WorldDependency`` that `key` names in a
  /// namespace: what a module's dynamic-member subscript calls, so that it
  /// is two short lines.
  ///
  /// ```swift
  /// extension World {
  ///   subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
  ///     get { self[key] }
  ///     set { self[key] = newValue }
  ///   }
  /// }
  /// ```
  ///
  /// In a debug build, a dependency that `key` makes anew at each read (a
  /// `static var`) fails at its first read, naming its declaration.
  // Inlinable so that the caller's key path literal folds into a load of
  // the `static let`: the debug check's call kept the compiler from
  // inlining it on its own, and the key path was projected at each read.
  @inlinable
  public subscript<Namespace, Value>(
    key: KeyPath<Namespace.Type, WorldDependency<Value>>
  ) -> Value {
    get { self[Self.dependency(key)] }
    set { self[Self.dependency(key)] = newValue }
  }

  /// The dependency `key` names. In a debug build, one that nothing but
  /// this read holds was made for it, as a `static var` does, and is
  /// reported: a `static let` holds its instance for good.
  @inlinable @inline(__always)
  static func dependency<Namespace, Value>(
    _ key: KeyPath<Namespace.Type, WorldDependency<Value>>
  ) -> WorldDependency<Value> {
    var dependency = Namespace.self[keyPath: key]
    #if DEBUG
      if isKnownUniquelyReferenced(&dependency) { dependency.reportUnkept(in: Namespace.self) }
    #endif
    return dependency
  }

  /// No member: `World` looks members up dynamically so that each module's
  /// subscript over its own namespace of ``WorldDependency`` values makes
  /// them read like fields; Swift asks the type itself to declare one such
  /// subscript, and this one can never be called.
  @available(
    *, unavailable,
    message: "declare it as a static let WorldDependency in a namespace that World reads"
  )
  public subscript(dynamicMember key: KeyPath<Never, Never>) -> Never {
    fatalError("World's dynamic-member subscript over Never cannot be called")
  }
}
