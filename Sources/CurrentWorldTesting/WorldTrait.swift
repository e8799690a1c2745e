#if DEBUG
  import CurrentWorld
  import Testing

  /// A Swift Testing trait that runs each test, and each case of a
  /// parameterized test, in a world of its own, starting from
  /// ``CurrentWorld/World/test``.
  ///
  /// Inline writes to `Current` stay in the test that made them, so tests
  /// keep the seeds' style and still run in parallel. On a suite, the trait
  /// applies to every test in it, nested suites included; a test's own trait
  /// starts from its suite's world.
  ///
  /// ```swift
  /// @Suite(.world { $0.locale = Locale(identifier: "es-AR") })
  /// struct DateTests {
  ///   @Test func distantFuture() {
  ///     Current.date = { .distantFuture }
  ///     #expect(DateViewModel().currentFormattedDate(dateStyle: .full, timeStyle: .full) == …)
  ///   }
  /// }
  /// ```
  public struct WorldTrait: TestTrait, SuiteTrait, TestScoping {
    let update: @Sendable (inout World) -> Void

    /// Always `true`: a suite's world reaches every test inside it.
    public var isRecursive: Bool { true }

    /// Scopes each test case, never a whole suite, so every case gets a
    /// fresh world.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> WorldTrait? {
      testCase == nil ? nil : self
    }

    /// Runs the test case in its world.
    public func provideScope(
      for test: Test,
      testCase: Test.Case?,
      performing function: @Sendable () async throws -> Void
    ) async throws {
      TestRunnerReporter.install()
      var world = Self.isActive ? Current : World.test
      update(&world)
      try await Self.$isActive.withValue(true) {
        try await TestWorlds.withTestWorld(world, operation: function)
      }
    }

    /// Whether an enclosing trait has already given the test its world.
    @TaskLocal static var isActive = false
  }

  extension Trait where Self == WorldTrait {
    /// Runs each test in its own ``CurrentWorld/World/test`` world.
    ///
    /// ```swift
    /// @Suite(.world) struct CatFactTests { … }
    /// ```
    public static var world: WorldTrait { WorldTrait { _ in } }

    /// Runs each test in its own ``CurrentWorld/World/test`` world, changed
    /// by `update` first.
    public static func world(_ update: @escaping @Sendable (inout World) -> Void) -> WorldTrait {
      WorldTrait(update: update)
    }
  }
#endif
