#if DEBUG
  import CurrentWorld
  import Foundation

  extension World {
    /// The date of every test world: 2001-01-01 00:00:00 UTC, Foundation's
    /// reference date.
    public static let testDate = Date(timeIntervalSinceReferenceDate: 0)

    /// A deterministic world for tests: `World.fixed(at: testDate)` (UUIDs
    /// counted from zero, `en_US_POSIX`, UTC, the Gregorian calendar, a
    /// private recording notification hub) with the test context, an
    /// ``UnimplementedClock``, unimplemented APIs, and so each app-defined
    /// key's `testValue`. Each read
    /// makes a new world, and changes nothing else: the issue reporter is
    /// connected to the test runner when a test first enters a world, not
    /// when a world is made.
    ///
    /// Code that sleeps on `Current.clock` fails the test at once until the
    /// test sets a clock: a ``TestClock`` to advance, or an
    /// ``ImmediateClock`` for code that should wait straight through. The
    /// HTTP client's timeout never fires on it. Calling an API that the test
    /// did not override fails the test, names the field and the line that
    /// overrides it, and throws `UnimplementedError`.
    ///
    /// ```swift
    /// await withWorld(.test) {
    ///   Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
    ///   await viewModel.fetch()
    /// }
    /// ```
    public static var test: World {
      var world = World.fixed(at: testDate)
      world.context = .test
      world.clock = UnimplementedClock()
      world.pokemonsAPI = PokemonsAPI(
        fetchPokemons: unimplemented("Current.pokemonsAPI.fetchPokemons"))
      world.catFactAPI = CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact"))
      return world
    }
  }
#endif
