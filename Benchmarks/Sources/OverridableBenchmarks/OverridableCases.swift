#if DEBUG
  import BenchmarkHarness
  import CurrentWorld
  import Foundation

  /// An app-defined dependency, for the cost of reading one.
  struct BenchClock: Sendable {
    var now: @Sendable () -> Date
  }

  enum BenchClockKey: WorldKey {
    static let liveValue = BenchClock(now: cheapDate)
    static let testValue = BenchClock(now: cheapDate)
  }

  extension World {
    var benchClock: BenchClock {
      get { self[BenchClockKey.self] }
      set { self[BenchClockKey.self] = newValue }
    }
  }

  /// The same dependency declared in one line, as the README teaches.
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

  /// Cases measured in the optimized build with DEBUG defined, where
  /// `Current` can be overridden.
  enum OverridableCases {
    static var all: [Case] {
      Current.date = cheapDate
      return [
        Baselines.cheap,
        Baselines.boundTaskLocalRead,
        Case(name: "CurrentWorld overridable: Current.date(), no scope") { n in
          for _ in 0..<n { blackHole(Current.date()) }
        },
        Case(name: "CurrentWorld overridable: Current.date(), in a scope") { n in
          withWorld {
            $0.date = cheapDate
          } operation: {
            for _ in 0..<n { blackHole(Current.date()) }
          }
        },
        Peers.dependencyRead,
        Case(name: "CurrentWorld overridable: Current.date(), 3 nested scopes") { n in
          withWorld {
            $0.date = cheapDate
          } operation: {
            withWorld {
              $0.locale = Locale(identifier: "es-AR")
            } operation: {
              withWorld {
                $0.timeZone = TimeZone(identifier: "UTC")!
              } operation: {
                for _ in 0..<n { blackHole(Current.date()) }
              }
            }
          }
        },
        Case(name: "CurrentWorld overridable: app-defined field, in a scope") { n in
          withWorld {
            $0.benchClock.now = cheapDate
          } operation: {
            for _ in 0..<n { blackHole(Current.benchClock.now()) }
          }
        },
        Case(name: "CurrentWorld overridable: WorldDependency field, in a scope") { n in
          withWorld {
            $0.declaredClock.now = cheapDate
          } operation: {
            for _ in 0..<n { blackHole(Current.declaredClock.now()) }
          }
        },
        Case(name: "CurrentWorld overridable: WorldDependency field, not overridden") { n in
          withWorld {
            $0.date = cheapDate
          } operation: {
            for _ in 0..<n { blackHole(Current.declaredClock.now()) }
          }
        },
        // Stored state (#86), in a fixed world (a test's base): each read
        // beside another built-in field's.
        Case(name: "CurrentWorld overridable: field: Current.locale, fixed world") { n in
          withWorld(storedStateWorld) {
            for _ in 0..<n { blackHole(Current.locale) }
          }
        },
        Case(name: "CurrentWorld overridable: field: Current.defaults, fixed world") { n in
          withWorld(storedStateWorld) {
            for _ in 0..<n { blackHole(Current.defaults) }
          }
        },
        Case(name: "CurrentWorld overridable: field: Current.environment, written, fixed world") {
          n in
          withWorld(storedStateWorld) {
            for _ in 0..<n { blackHole(Current.environment) }
          }
        },
        Baselines.bareWithValue,
        Case(name: "CurrentWorld overridable: withWorld, one override") { n in
          for index in 0..<n {
            withWorld {
              $0.date = cheapDate
            } operation: {
              blackHole(index)
            }
          }
        },
        Case(name: "CurrentWorld overridable: withWorld(world), prebuilt") { n in
          let world = Current
          for index in 0..<n {
            withWorld(world) { blackHole(index) }
          }
        },
        Peers.withDependenciesOneOverride,
        Case(name: "CurrentWorld overridable: Current.date = …, in a scope") { n in
          withWorld(Current) {
            for _ in 0..<n { Current.date = cheapDate }
          }
        },
      ]
    }
  }

  /// A fixed world, as a test's starts, whose environment was written and
  /// whose settings store was made, so that a read measures the read.
  let storedStateWorld: World = {
    var world = World.fixed(at: Date(timeIntervalSinceReferenceDate: 0))
    world.environment = ["FEATURE": "1"]
    _ = world.defaults
    return world
  }()
#endif
