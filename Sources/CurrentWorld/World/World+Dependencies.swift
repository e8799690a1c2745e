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
    set {
      let id = ObjectIdentifier(dependency)
      update(key: id) { fields in
        fields.dependencies = DependencyNode(
          key: id, value: newValue, next: fields.dependencies?.removing(id), owner: dependency)
      }
    }
  }

  /// Reads or overrides the ``WorldDependency`` that `key` names in a
  /// namespace: what a module's dynamic-member subscript calls, so that it
  /// is two short lines.
  ///
  /// ```swift
  /// extension World {
  ///   subscript<Value>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<Value>>) -> Value {
  ///     get { self[key] }
  ///     set { self[key] = newValue }
  ///   }
  /// }
  /// ```
  public subscript<Namespace, Value>(
    key: KeyPath<Namespace.Type, WorldDependency<Value>>
  ) -> Value {
    get { self[Namespace.self[keyPath: key]] }
    set { self[Namespace.self[keyPath: key]] = newValue }
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
    key.fatalErrorNeverReached
  }
}

extension KeyPath where Root == Never {
  /// Unreachable: no value of `Never` exists to project.
  fileprivate var fatalErrorNeverReached: Never {
    fatalError("World's dynamic-member subscript over Never cannot be called")
  }
}
