#if !DEBUG
  import BenchmarkHarness
  import CurrentWorld
  import Dependencies
  import Foundation

  /// A dependency declared in one line, as the README teaches.
  struct BenchClock: Sendable {
    var now: @Sendable () -> Date
  }

  enum BenchDependencies {
    static let declaredClock = WorldDependency(
      live: BenchClock(now: cheapDate), test: BenchClock(now: cheapDate))
  }

  extension World {
    subscript<V>(dynamicMember key: KeyPath<BenchDependencies.Type, WorldDependency<V>>) -> V {
      get { self[key] }
      set { self[key] = newValue }
    }
  }

  /// The same dependency declared with a `WorldKey`, the older form.
  enum BenchClockKey: WorldKey {
    static let liveValue = BenchClock(now: cheapDate)
    static let testValue = BenchClock(now: cheapDate)
  }

  extension World {
    var keyedClock: BenchClock {
      self[BenchClockKey.self]
    }
  }

  /// Cases measured in the release build.
  enum ReleaseCases {
    static let fixedDate = Date(timeIntervalSinceReferenceDate: 1)

    static var all: [Case] {
      [
        Baselines.cheap,
        Case(name: "naive: nonisolated(unsafe) var") { n in
          for _ in 0..<n { blackHole(naiveClock.date()) }
        },
        Case(name: "baseline: let closure, live clock") { n in
          for _ in 0..<n { blackHole(liveBaselineClock.date()) }
        },
        Case(name: "CurrentWorld release: Current.date()") { n in
          for _ in 0..<n { blackHole(Current.date()) }
        },
        Case(name: "CurrentWorld release: WorldDependency field") { n in
          for _ in 0..<n { blackHole(Current.declaredClock.now()) }
        },
        Case(name: "CurrentWorld release: WorldKey field") { n in
          for _ in 0..<n { blackHole(Current.keyedClock.now()) }
        },
        // Stored state (#86): each read beside another built-in field's.
        Case(name: "CurrentWorld release: field: Current.locale") { n in
          for _ in 0..<n { blackHole(Current.locale) }
        },
        Case(name: "CurrentWorld release: field: Current.defaults") { n in
          for _ in 0..<n { blackHole(Current.defaults) }
        },
        Case(name: "CurrentWorld release: field: Current.environment, the process's") { n in
          for _ in 0..<n { blackHole(Current.environment) }
        },
        Case(name: "ProcessInfo.processInfo.environment, alone") { n in
          for _ in 0..<n { blackHole(ProcessInfo.processInfo.environment) }
        },
        Baselines.bareWithValue,
        Peers.dependencyRead,
        Case(name: "swift-dependencies: @Dependency(\\.date) read, wrapper made per read") { n in
          withDependencies {
            $0.date = .constant(fixedDate)
          } operation: {
            for _ in 0..<n { blackHole(Dependency(\.date).wrappedValue.now) }
          }
        },
        Peers.withDependenciesOneOverride,
        Case(name: "DateFormatter, new and configured each time, formatting a date") { n in
          for _ in 0..<n {
            let formatter = DateFormatter()
            formatter.locale = Current.locale
            formatter.timeZone = Current.timeZone
            formatter.calendar = Current.calendar
            formatter.dateStyle = .full
            formatter.timeStyle = .full
            blackHole(formatter.string(from: fixedDate))
          }
        },
        Case(name: "Current.dateFormatter(.full, .full), warm, formatting a date") { n in
          for _ in 0..<n {
            blackHole(
              Current.dateFormatter(dateStyle: .full, timeStyle: .full).string(from: fixedDate))
          }
        },
        Case(name: "Current.dateFormatter(.full, .full), warm, lookup only") { n in
          for _ in 0..<n { blackHole(Current.dateFormatter(dateStyle: .full, timeStyle: .full)) }
        },
      ]
    }
  }
#endif
