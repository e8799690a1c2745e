import Foundation

/// Everything outside the app's control: the clock, the calendar, the locale,
/// the time zone, notifications, backend APIs and the dependencies that the
/// app adds.
///
/// App code reads the world through the global ``Current`` and never has it
/// injected. Tests and previews overwrite single fields inline:
///
/// ```swift
/// let now = Current.date()
/// Current.date = { .distantFuture }  // in DEBUG builds only
/// ```
///
/// A `World` is a value. Copying one copies a single reference to immutable
/// storage; writing a field gives the world new storage and leaves every
/// other copy as it was.
public struct World: Sendable {
  /// Which default a dependency that the app defines takes when nothing
  /// overrides it: its key's ``WorldKey/liveValue`` or its
  /// ``WorldKey/testValue``.
  ///
  /// ```swift
  /// let world = World.live
  /// assert(world.context == .live)
  /// ```
  public enum Context: Sendable, Hashable {
    /// The production world: keys give their ``WorldKey/liveValue``.
    ///
    /// ```swift
    /// World.live.context  // .live
    /// ```
    case live
    /// A test or preview world: keys give their ``WorldKey/testValue``.
    ///
    /// ```swift
    /// let preview = World(
    ///   context: .test, calendar: .current, date: { .distantPast },
    ///   locale: .current, timeZone: .current, notifications: .recording(),
    ///   pokemonsAPI: PokemonsAPI(fetchPokemons: { ["pikachu"] }),
    ///   catFactAPI: CatFactAPI(fetchFact: { CatFact(fact: "Cats purr.", length: 10) })
    /// )
    /// ```
    case test
  }

  var storage: WorldStorage

  /// Creates a world from its fields.
  ///
  /// ```swift
  /// let fixed = World(
  ///   context: .test,
  ///   calendar: Calendar(identifier: .gregorian),
  ///   date: { Date(timeIntervalSince1970: 0) },
  ///   locale: Locale(identifier: "en_US_POSIX"),
  ///   timeZone: TimeZone(identifier: "UTC")!,
  ///   notifications: .recording(),
  ///   pokemonsAPI: PokemonsAPI(fetchPokemons: { ["bulbasaur"] }),
  ///   catFactAPI: CatFactAPI(fetchFact: { CatFact(fact: "Cats purr.", length: 10) })
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - context: Whether app-defined dependencies default to their live or
  ///     their test values.
  ///   - calendar: The calendar.
  ///   - date: The clock: returns the current date.
  ///   - locale: The locale.
  ///   - timeZone: The time zone.
  ///   - notifications: Where notifications are posted and observed.
  ///   - pokemonsAPI: The Pokémon backend.
  ///   - catFactAPI: The cat fact backend.
  public init(
    context: Context = .live,
    calendar: Calendar,
    date: @escaping @Sendable () -> Date,
    locale: Locale,
    timeZone: TimeZone,
    notifications: NotificationHub,
    pokemonsAPI: PokemonsAPI,
    catFactAPI: CatFactAPI
  ) {
    storage = WorldStorage(
      WorldStorage.Fields(
        context: context,
        calendar: calendar,
        date: date,
        locale: locale,
        timeZone: timeZone,
        notifications: notifications,
        pokemonsAPI: pokemonsAPI,
        catFactAPI: catFactAPI,
        dependencies: [:]
      )
    )
  }

  /// The production world: the system clock, the user's calendar, locale and
  /// time zone (updating as the user changes them),
  /// `NotificationCenter.default`, and the live APIs at their public
  /// addresses.
  ///
  /// In a test process the live APIs refuse to run: a call that was not
  /// overridden reports a test failure and throws ``UnimplementedError``
  /// instead of reaching the network.
  ///
  /// ```swift
  /// let world = World.live
  /// print(world.date())
  /// ```
  public static var live: World {
    let inTests = TestProcess.isRunning
    return World(
      context: .live,
      calendar: .autoupdatingCurrent,
      date: { Date() },
      locale: .autoupdatingCurrent,
      timeZone: .autoupdatingCurrent,
      notifications: .live,
      pokemonsAPI: inTests
        ? PokemonsAPI(
          fetchPokemons: TestProcess.refusingLiveAccess("Current.pokemonsAPI.fetchPokemons"))
        : .live(),
      catFactAPI: inTests
        ? CatFactAPI(fetchFact: TestProcess.refusingLiveAccess("Current.catFactAPI.fetchFact"))
        : .live()
    )
  }

  /// Whether app-defined dependencies default to their live or test values.
  ///
  /// ```swift
  /// if Current.context == .test { print("running against the test world") }
  /// ```
  public var context: Context { storage.fields.context }

  /// The calendar.
  ///
  /// ```swift
  /// Current.calendar = Calendar(identifier: .buddhist)
  /// let year = Current.calendar.component(.year, from: Current.date())
  /// ```
  public var calendar: Calendar {
    get { storage.fields.calendar }
    set { update { $0.calendar = newValue } }
  }

  /// The clock: returns the current date.
  ///
  /// ```swift
  /// Current.date = { .distantFuture }
  /// let now = Current.date()
  /// ```
  public var date: @Sendable () -> Date {
    get { storage.fields.date }
    set { update { $0.date = newValue } }
  }

  /// The locale.
  ///
  /// ```swift
  /// Current.locale = Locale(identifier: "es-AR")
  /// ```
  public var locale: Locale {
    get { storage.fields.locale }
    set { update { $0.locale = newValue } }
  }

  /// The time zone.
  ///
  /// ```swift
  /// Current.timeZone = TimeZone(secondsFromGMT: -3 * 3600)!
  /// ```
  public var timeZone: TimeZone {
    get { storage.fields.timeZone }
    set { update { $0.timeZone = newValue } }
  }

  /// Where notifications are posted and observed.
  ///
  /// ```swift
  /// Current.notifications = .recording()
  /// Current.notifications.post(Notification.Name("didLogIn"))
  /// ```
  public var notifications: NotificationHub {
    get { storage.fields.notifications }
    set { update { $0.notifications = newValue } }
  }

  /// The Pokémon backend.
  ///
  /// ```swift
  /// Current.pokemonsAPI.fetchPokemons = { ["bulbasaur", "ivysaur"] }
  /// let names = try await Current.pokemonsAPI.fetchPokemons()
  /// ```
  public var pokemonsAPI: PokemonsAPI {
    get { storage.fields.pokemonsAPI }
    set { update { $0.pokemonsAPI = newValue } }
  }

  /// The cat fact backend.
  ///
  /// ```swift
  /// Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
  /// let fact = try await Current.catFactAPI.fetchFact()
  /// ```
  public var catFactAPI: CatFactAPI {
    get { storage.fields.catFactAPI }
    set { update { $0.catFactAPI = newValue } }
  }

  /// Reads or overrides a dependency that the app defines with a
  /// ``WorldKey``.
  ///
  /// Without an override, a read returns the key's ``WorldKey/liveValue`` in
  /// a ``Context-swift.enum/live`` world and its ``WorldKey/testValue`` in a
  /// ``Context-swift.enum/test`` world. Wrap it in a computed property:
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
      guard let box = storage.fields.dependencies[ObjectIdentifier(key)] else {
        return storage.fields.context == .live ? Key.liveValue : Key.testValue
      }
      // Only the setter below stores under this key, always in this box type.
      return unsafeDowncast(box, to: TypedDependencyBox<Key.Value>.self).value
    }
    set { update { $0.dependencies[ObjectIdentifier(key)] = TypedDependencyBox(newValue) } }
  }

  /// Changes fields by giving this world a new storage; other worlds that
  /// shared the old one keep it unchanged.
  mutating func update(_ change: (inout WorldStorage.Fields) -> Void) {
    var fields = storage.fields
    change(&fields)
    storage = WorldStorage(fields)
  }
}
