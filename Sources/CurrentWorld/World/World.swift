import Foundation

// Names every built-in field (.ci/check-field-lists.py).
/// Everything outside the app's control: the date and the clock, new UUIDs,
/// random numbers, the calendar, the locale and the user's preferred
/// locales, the time zone, notifications, the settings store (user
/// defaults), the app's directories, the environment variables, the URL
/// session (`Current.urlSession`, which CurrentWorldHTTP adds), and the
/// dependencies that the app adds, its backend APIs among them; and the
/// context, which picks each dependency's live, test or preview value.
///
/// The app's own dependencies read like fields, `Current.catFactAPI`: each
/// module declares them in a namespace and gives `World` one dynamic-member
/// subscript over it (see ``WorldDependency``).
///
/// App code reads the world through the global ``Current`` and never has it
/// injected. Tests and previews overwrite single fields inline:
///
/// ```swift
/// let now = Current.date()
/// Current.date = { .distantFuture }  // in DEBUG builds only
/// ```
///
/// To build a world, start from one and set fields; a world built this way
/// keeps compiling when CurrentWorld adds a field:
///
/// ```swift
/// var world = World.live
/// world.context = .test
/// world.date = { Date(timeIntervalSince1970: 0) }
/// world.locale = Locale(identifier: "en_US_POSIX")
/// ```
///
/// A `World` is a value. Copying one copies a single reference to immutable
/// storage; writing a field gives the world new storage and leaves every
/// other copy as it was.
///
/// One rule keeps time and place consistent: ``calendar`` always computes in
/// ``timeZone`` and ``locale``, and so do the formatters and format styles.
@dynamicMemberLookup
public struct World: Sendable {
  // Each built-in field is declared in its own file in `World/Fields/`, and
  // listed in `BuiltInFields.swift`.
  var storage: WorldStorage
  /// `nil` until the first write: a read of `Current` builds a `World`, so
  /// it must cost nothing to make one.
  var edits: WorldEdits?
  /// The scope this world was read from (``ScopeState/id``), or 0 for a world
  /// that no scope handed out, such as ``live``. A world read from a scope
  /// and then changed is merged back into that scope field by field; any
  /// other world replaces it (see ``ScopeState/store(_:readHere:)``). A
  /// number, not a reference: a read of `Current` must not retain the scope.
  let readIn: UInt64

  init(storage: consuming WorldStorage, readIn: UInt64 = 0) {
    // Moved, not copied: at `-Onone` a copy is a retain on every read.
    self.storage = consume storage
    self.readIn = readIn
  }

  /// The production world: the system clock, the user's calendar, locale and
  /// time zone (updating as the user changes them),
  /// `NotificationCenter.default`, and each app-defined key's `liveValue`.
  ///
  /// In a test process nothing in it reaches production: its ``context`` is
  /// ``Context-swift.enum/test``, so app-defined dependencies, backend APIs
  /// among them, give their test value, which for an API is unimplemented: a call
  /// that was not overridden reports a test failure and throws
  /// ``UnimplementedError``. So `Current = World.live` in a test is safe. A
  /// test that means to reach production says so:
  ///
  /// ```swift
  /// var world = World.live
  /// world.context = .live  // every dependency's live value
  /// ```
  public static var live: World {
    World(storage: WorldStorage(WorldStorage.Fields()))
  }

  /// Reads or overrides a dependency that the app defines with a
  /// ``WorldKey``, the form kept for a default made at each read; a
  /// ``WorldDependency`` serves every other dependency.
  ///
  /// Without an override, a read returns the key's value for the world's
  /// ``context``. Wrap it in a computed property:
  ///
  /// ```swift
  /// extension World {
  ///   var analytics: Analytics {
  ///     get { self[AnalyticsKey.self] }
  ///     set { self[AnalyticsKey.self] = newValue }
  ///   }
  /// }
  /// ```
  public subscript<Key: WorldKey>(key: Key.Type) -> Key.Value {
    get {
      // The walk of `DependencyList.node(for:)`, written out: at `-Onone`
      // the call and its optionals cost a tenth of the read.
      let id = ObjectIdentifier(key)
      var node = storage.fields.dependencies
      while let current = node, current.key != id { node = current.next }
      // Only the setter below stores under this key, always of `Key.Value`.
      if let node { return node.value(as: Key.Value.self) }
      switch storage.fields.context {
      case .live: return Key.liveValue
      case .test: return Key.testValue
      case .preview: return Key.previewValue
      }
    }
    set { setDependency(newValue, key: ObjectIdentifier(key), owner: nil) }
  }

  /// Writes one built-in field by giving this world a new storage; other
  /// worlds that shared the old one keep it unchanged. Records `field` in
  /// ``edits``, so that a scope can copy it on top of writes made meanwhile.
  ///
  /// A direct assignment in `write`, not a key-path write: a closure written
  /// through a generic key path is wrapped in reabstraction thunks that every
  /// later read would call. `write` does not escape, so a write allocates
  /// only the new storage.
  mutating func update(_ field: FieldSet, _ write: (inout WorldStorage.Fields) -> Void) {
    var fields = storage.fields
    write(&fields)
    if edits == nil { edits = WorldEdits(base: storage) }
    edits!.fields.insert(field)
    storage = WorldStorage(consume fields)
  }

  /// Writes the app-defined dependency `key`, as ``update(_:_:)`` writes a
  /// built-in field.
  mutating func update(key: ObjectIdentifier, _ write: (inout WorldStorage.Fields) -> Void) {
    var fields = storage.fields
    write(&fields)
    if edits == nil { edits = WorldEdits(base: storage) }
    if !edits!.keys.contains(key) { edits!.keys.append(key) }
    storage = WorldStorage(consume fields)
  }
}

extension World {
  /// Whether this world and `other` are the same value because they share
  /// one storage: a copy that nobody wrote since. Two worlds built alike
  /// are not identical. Costs one pointer comparison, so a cache can tell
  /// that the world it built from is unchanged:
  ///
  /// ```swift
  /// if let cached, cached.base.isIdentical(to: Current) { return cached.built }
  /// ```
  public func isIdentical(to other: World) -> Bool {
    storage === other.storage
  }
}
