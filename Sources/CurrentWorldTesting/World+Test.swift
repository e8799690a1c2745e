#if DEBUG
  import CurrentWorld
  import Foundation

  extension World {
    /// The date of every test world: 2001-01-01 00:00:00 UTC, Foundation's
    /// reference date.
    public static let testDate = Date(timeIntervalSinceReferenceDate: 0)

    // Names every built-in field (.ci/check-field-lists.py).
    /// A deterministic world for tests: `World.fixed(at: testDate)` (the
    /// date ``testDate``, UUIDs counted from zero, random numbers seeded
    /// with `RandomSource.testSeed`, the locale `en_US_POSIX`, the preferred
    /// locales `[en_US]`, the time zone UTC, the Gregorian calendar, a
    /// private recording notification hub, user defaults and directories of
    /// the test's own, the process's environment variables) with the test
    /// context, so each app-defined key's `testValue` (unimplemented, for an
    /// API client), an ``UnimplementedClock`` as its clock, and, with
    /// CurrentWorldHTTP, a URL session (`Current.urlSession`) that sends
    /// nothing and fails the test that sends through it.
    ///
    /// Each read makes a new world, and changes nothing else: the issue
    /// reporter is connected to the test runner when a test first enters a
    /// world, not when a world is made.
    ///
    /// Code that sleeps on `Current.clock` fails the test at once until the
    /// test sets a clock: a ``TestClock`` to advance, or an
    /// ``ImmediateClock`` for code that should wait straight through. The
    /// HTTP client's timeout never fires on it. Calling an API whose key's
    /// `testValue` is `unimplemented(_:)`, and that the test did not
    /// override, fails the test, names the field and the line that
    /// overrides it, and throws `UnimplementedError`.
    ///
    /// ```swift
    /// await withWorld(.test) {
    ///   Current.weatherAPI.forecast = { Forecast(summary: "Sunny") }
    ///   await viewModel.refresh()
    /// }
    /// ```
    public static var test: World {
      var world = World.fixed(at: testDate)
      world.context = .test
      world.clock = UnimplementedClock()
      return world
    }
  }
#endif
