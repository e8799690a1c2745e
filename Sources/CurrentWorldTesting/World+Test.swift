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

    /// A deterministic world for tests: ``testDate``, `en_US_POSIX`, UTC, the
    /// Gregorian calendar, a private recording notification hub, and
    /// unimplemented APIs. App-defined dependencies take their key's
    /// `WorldKey.testValue`.
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
      var calendar = Calendar(identifier: .gregorian)
      let utc = TimeZone(identifier: "UTC")!
      let posix = Locale(identifier: "en_US_POSIX")
      calendar.timeZone = utc
      calendar.locale = posix
      return World(
        context: .test,
        calendar: calendar,
        date: { testDate },
        locale: posix,
        timeZone: utc,
        notifications: .recording(),
        pokemonsAPI: PokemonsAPI(fetchPokemons: unimplemented("Current.pokemonsAPI.fetchPokemons")),
        catFactAPI: CatFactAPI(fetchFact: unimplemented("Current.catFactAPI.fetchFact"))
      )
    }
  }
#endif
