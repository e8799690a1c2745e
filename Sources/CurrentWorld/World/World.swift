import Foundation

/// Everything outside the app's control: the date and the clock, new UUIDs,
/// the calendar, the locale, the time zone, notifications, backend APIs and
/// the dependencies that the app adds.
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
public struct World: Sendable {
  var storage: WorldStorage
  /// `nil` until the first write: a read of `Current` builds a `World`, so
  /// it must cost nothing to make one.
  var edits: WorldEdits?

  init(storage: WorldStorage) {
    self.storage = storage
  }

  /// The production world: the system clock, the user's calendar, locale and
  /// time zone (updating as the user changes them),
  /// `NotificationCenter.default`, and the live APIs, which are made at
  /// their first call (so reading `Current` never starts `URLSession`).
  ///
  /// In a test process nothing in it reaches production: its ``context`` is
  /// ``Context-swift.enum/test``, so app-defined keys give their `testValue`,
  /// and the built-in APIs refuse: a call that was not overridden reports a
  /// test failure and throws ``UnimplementedError``. So `Current = World.live`
  /// in a test is safe. A test that means to reach production says so, and
  /// the built-in APIs and app-defined keys follow it alike:
  ///
  /// ```swift
  /// var world = World.live
  /// world.context = .live  // live APIs, and every key's liveValue
  /// ```
  public static var live: World {
    // Not aligned (see `WorldStorage.Fields.alignCalendar()`): the
    // autoupdating calendar already follows the user's time zone and
    // locale, and comparing them would resolve all three, which cost more
    // than the rest of a release app's first read of `Current`.
    return World(
      storage: WorldStorage(
        WorldStorage.Fields(
          context: World.Context.process == .test ? .test : .live,
          date: { Date() },
          clock: ClockBox(ContinuousClock()),
          uuid: { UUID() },
          calendar: .autoupdatingCurrent,
          locale: .autoupdatingCurrent,
          timeZone: .autoupdatingCurrent,
          notifications: .live,
          pokemonsAPI: PokemonsAPI(fetchPokemons: {
            try await TestProcess.unlessTesting("Current.pokemonsAPI.fetchPokemons") {
              try await LiveAPIs.pokemons.fetchPokemons()
            }
          }),
          catFactAPI: CatFactAPI(fetchFact: {
            try await TestProcess.unlessTesting("Current.catFactAPI.fetchFact") {
              try await LiveAPIs.catFact.fetchFact()
            }
          })
        )))
  }

  /// Which defaults the world gives where nothing overrides them: an
  /// app-defined key's live, test or preview value, and for the built-in
  /// APIs of ``live``, the service itself (live and preview) or a refusal
  /// that fails the test (test). It is decided when the API is called, by
  /// the world the call runs in.
  public var context: Context {
    get { storage.fields.context }
    set { update(.context) { $0.context = newValue } }
  }

  /// The calendar, which always computes in this world's ``timeZone`` and
  /// ``locale``, whichever of the three was written last.
  ///
  /// Writing a calendar sets its system (identifier, first weekday, minimum
  /// days in the first week); to compute in Tokyo, write ``timeZone``, not
  /// `calendar.timeZone`.
  public var calendar: Calendar {
    get { storage.fields.calendar }
    set {
      update(.calendar) {
        $0.calendar = newValue
        $0.alignCalendar()
      }
    }
  }

  /// Returns the current date: `Date()` in ``live``. Code that waits uses
  /// ``clock`` instead.
  public var date: @Sendable () -> Date {
    get { storage.fields.date }
    set { update(.date) { $0.date = newValue } }
  }

  /// The clock that code waits on: `ContinuousClock` in ``live``. The HTTP
  /// client's timeout sleeps on it too, so a `TestClock` controls that.
  public var clock: any Clock<Duration> {
    get { storage.fields.clock.clock }
    set { update(.clock) { $0.clock = ClockBox(newValue) } }
  }

  /// Makes a new UUID: `UUID()` in ``live``, a counting generator in a test
  /// world.
  public var uuid: @Sendable () -> UUID {
    get { storage.fields.uuid }
    set { update(.uuid) { $0.uuid = newValue } }
  }

  /// The locale that formatting and the calendar use: the user's, updating
  /// as they change it, in ``live``.
  public var locale: Locale {
    get { storage.fields.locale }
    set {
      update(.locale) {
        $0.locale = newValue
        $0.alignCalendar()
      }
    }
  }

  /// The time zone that formatting and the calendar use: the user's,
  /// updating as they change it, in ``live``.
  public var timeZone: TimeZone {
    get { storage.fields.timeZone }
    set {
      update(.timeZone) {
        $0.timeZone = newValue
        $0.alignCalendar()
      }
    }
  }

  /// Where notifications are posted and observed: `NotificationCenter.default`
  /// in ``live``, a private recording hub in `World.test`.
  public var notifications: NotificationHub {
    get { storage.fields.notifications }
    set { update(.notifications) { $0.notifications = newValue } }
  }

  /// The Pokémon backend; in a world whose ``context`` is test, it refuses
  /// to run unless overridden.
  public var pokemonsAPI: PokemonsAPI {
    get { storage.fields.pokemonsAPI }
    set { update(.pokemonsAPI) { $0.pokemonsAPI = newValue } }
  }

  /// The cat fact backend; in a world whose ``context`` is test, it refuses
  /// to run unless overridden.
  public var catFactAPI: CatFactAPI {
    get { storage.fields.catFactAPI }
    set { update(.catFactAPI) { $0.catFactAPI = newValue } }
  }

  /// Reads or overrides a dependency that the app defines with a
  /// ``WorldKey``.
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
      guard let node = storage.fields.dependencies?.node(for: ObjectIdentifier(key)) else {
        switch storage.fields.context {
        case .live: return Key.liveValue
        case .test: return Key.testValue
        case .preview: return Key.previewValue
        }
      }
      // Only the setter below stores under this key, always as `Key.Value`.
      return node.value as! Key.Value
    }
    set {
      let id = ObjectIdentifier(key)
      update(key: id) { fields in
        let node = DependencyList(key: id, value: newValue, next: nil)
        fields.dependencies = DependencyList.setting(node, in: fields.dependencies)
      }
    }
  }

  /// Writes one built-in field by giving this world a new storage; other
  /// worlds that shared the old one keep it unchanged. Records `field` in
  /// ``edits``, so that a scope can copy it on top of writes made meanwhile.
  /// The new storage keeps the old one's scope (see ``ScopeState/store(_:)``),
  /// so that storing it back in that scope needs no copy.
  ///
  /// A direct assignment in `write`, not a key-path write: a closure written
  /// through a generic key path is wrapped in reabstraction thunks that every
  /// later read would call. `write` does not escape, so a write allocates
  /// only the new storage.
  mutating func update(_ field: WorldStorage.Field, _ write: (inout WorldStorage.Fields) -> Void) {
    var fields = storage.fields
    write(&fields)
    if edits == nil { edits = WorldEdits(base: storage) }
    edits!.fields.insert(field)
    storage = WorldStorage(consume fields, scope: storage.scope)
  }

  /// Writes the app-defined dependency `key`, as ``update(_:_:)`` writes a
  /// built-in field.
  mutating func update(key: ObjectIdentifier, _ write: (inout WorldStorage.Fields) -> Void) {
    var fields = storage.fields
    write(&fields)
    if edits == nil { edits = WorldEdits(base: storage) }
    if !edits!.keys.contains(key) { edits!.keys.append(key) }
    storage = WorldStorage(consume fields, scope: storage.scope)
  }
}
