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
    var escapes = EscapePolicy.warn

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
      let name = Self.name(of: test, testCase)
      let watched = StandardDefaultsWatch.started(name)
      let checks = TestEndChecks(testName: name)
      defer { end(checks, watched) }
      do {
        try await run(test, testCase, named: name, checks: checks, function)
      } catch {
        checks.noteFailure()
        throw error
      }
    }

    /// Removes what the test's world made, keeping its folders when it
    /// threw or failed by an issue relayed from outside its task (Swift
    /// Testing tells a trait nothing of an `#expect` that failed), and
    /// reports a write to the real settings store.
    private func end(_ checks: TestEndChecks, _ watched: Int) {
      for path in checks.end() {
        Issue.record(Comment(rawValue: TestWorlds.keptFoldersMessage(path)))
      }
      if let wrote = StandardDefaultsWatch.ended(watched) {
        Issue.record(Comment(rawValue: wrote))
      }
    }

    /// Runs the test case in its world, which holds `checks`.
    private func run(
      _ test: Test, _ testCase: Test.Case?, named name: String, checks: TestEndChecks,
      _ function: @Sendable () async throws -> Void
    ) async throws {
      var world = Self.isActive ? Current : World.test
      update(&world)
      // Issues reported in this test's world from outside its task arrive
      // here, and are recorded in a task of the test's own, so Swift Testing
      // puts them on this test; the test ends after the last is recorded.
      let (issues, recorder) = AsyncStream.makeStream(of: ReportedIssue.self)
      let relay = TestRelay(testName: name) { recorder.yield($0) }
      world[TestRelayKey.self] = relay
      world[TestEndChecksKey.self] = checks
      async let recorded: Void = {
        for await issue in issues {
          if !issue.isWarning { checks.noteFailure() }
          TestRunnerReporter.recordSwiftTestingIssue(issue)
        }
      }()
      // Escapes fail this test while it runs, unless an enclosing trait
      // already made them.
      let failing =
        escapes == .fail && !Self.failsOnEscapes
        ? TestWorlds.failOnEscapes(.init { recorder.yield($0) }) : nil
      var failure: (any Error)?
      do {
        try await Self.$isActive.withValue(true) {
          try await Self.$failsOnEscapes.withValue(Self.failsOnEscapes || escapes == .fail) {
            try await TestWorlds.withTestWorld(world, operation: function)
          }
        }
      } catch {
        failure = error
      }
      // In the test's world, and recorded on this test like the relayed
      // issues (this scope is outside the test's own task).
      let atEnd = IssueReporter { recorder.yield($0) }
      TestWorlds.withTestWorld(world) { IssueReporter.withCurrent(atEnd) { checks.run() } }
      // Escapes that work of this test made are reported before it ends
      // (their places are found off the escaping thread), so a run never
      // ends with a warning still to come.
      await TestWorlds.escapesSettled()
      if let failing { TestWorlds.stopFailingOnEscapes(failing) }
      // Later issues are late; the test ends once the last is recorded.
      _ = relay.end()
      recorder.finish()
      await recorded
      if let failure { throw failure }
    }

    /// The test's name and place, as an issue that arrives late names it.
    private static func name(of test: Test, _ testCase: Test.Case?) -> String {
      let oneCase = testCase?.isParameterized == true ? " (one of its cases)" : ""
      return "\(test.name)\(oneCase) at \(test.sourceLocation.fileID):\(test.sourceLocation.line)"
    }

    /// Whether an enclosing trait has already given the test its world.
    @TaskLocal static var isActive = false
    /// Whether an enclosing trait already fails the test on escapes.
    @TaskLocal static var failsOnEscapes = false
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

    /// Runs each test in its own ``CurrentWorld/World/test`` world, changed
    /// by `update` first, and says what work that escapes it does: with
    /// `.fail`, a read or write of the process-wide `Current` while the
    /// test runs fails the test, at that place, instead of warning.
    ///
    /// ```swift
    /// @Test(.world(escapes: .fail)) func checkoutTracksThePurchase() async { … }
    /// ```
    public static func world(
      escapes: EscapePolicy, _ update: @escaping @Sendable (inout World) -> Void = { _ in }
    ) -> WorldTrait {
      WorldTrait(update: update, escapes: escapes)
    }
  }
#endif
