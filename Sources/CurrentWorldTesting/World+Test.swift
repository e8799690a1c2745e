#if DEBUG
  import CurrentWorld
  import Foundation

  extension World {
    /// The date of every test world: 2001-01-01 00:00:00 UTC, Foundation's
    /// reference date.
    ///
    /// ```swift
    /// #expect(Current.date() == World.testDate)
    /// ```
    public static let testDate = Date(timeIntervalSinceReferenceDate: 0)

    /// A deterministic world for tests: ``testDate``, a ``TestClock`` that
    /// moves only when the test advances it, UUIDs counted from
    /// `00000000-0000-0000-0000-000000000000`, `en_US_POSIX`, UTC, the
    /// Gregorian calendar, a private recording notification hub, and
    /// unimplemented APIs. App-defined dependencies take their key's
    /// `WorldKey.testValue`. Each read makes a new world, with its own clock
    /// and its own count.
    ///
    /// The clock is a ``TestClock`` rather than an ``ImmediateClock`` so that
    /// a timeout never fires, and a countdown never finishes, unless the test
    /// advances it: time in a test passes only when the test says so. Set
    /// `Current.clock = ImmediateClock()` for code that should wait straight
    /// through.
    ///
    /// Calling an API that the test did not override fails the test, names
    /// the field and shows the line that overrides it, then throws
    /// `UnimplementedError`.
    ///
    /// ```swift
    /// await withWorld(.test) {
    ///   Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
    ///   await viewModel.fetch()
    /// }
    /// ```
    public static var test: World {
      TestRunnerReporter.install()
      var world = World.live
      world.context = .test
      world.calendar = Calendar(identifier: .gregorian)
      world.date = { testDate }
      world.clock = TestClock()
      world.uuid = UUID.incrementing()
      world.locale = Locale(identifier: "en_US_POSIX")
      world.timeZone = TimeZone(identifier: "UTC")!
      world.notifications = .recording()
      world.pokemonsAPI = PokemonsAPI(
        fetchPokemons: unimplemented("Current.pokemonsAPI.fetchPokemons"))
      world.catFactAPI = CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact"))
      return world
    }
  }
#endif
