#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport
  import XCTest

  /// An XCTest base class that runs each test, with its `setUp` and
  /// `tearDown`, in a world of its own, starting from ``world``.
  ///
  /// Inline writes to `Current` stay in the test that made them, sync and
  /// async tests alike, and an unimplemented API called during the test fails
  /// that test.
  ///
  /// ```swift
  /// final class CatFactViewModelTests: WorldTestCase {
  ///   func testFetch() async {
  ///     Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
  ///     let viewModel = await CatFactViewModel()
  ///     await viewModel.fetch()
  ///   }
  /// }
  /// ```
  open class WorldTestCase: XCTestCase {
    /// The world each test starts from; override it to change the starting
    /// point for every test of the class.
    ///
    /// ```swift
    /// override var world: World {
    ///   var world = World.test
    ///   world.locale = Locale(identifier: "es-AR")
    ///   return world
    /// }
    /// ```
    open var world: World { .test }

    /// What work that escapes each test's world does (see ``EscapePolicy``):
    /// a warning by default; override it with `.fail` to fail the test.
    ///
    /// ```swift
    /// override var escapes: EscapePolicy { .fail }
    /// ```
    open var escapes: EscapePolicy { .warn }

    /// Runs the test in its own world.
    override open func invokeTest() {
      TestRunnerReporter.install()
      XCTestRun.addPendingObserver()
      let watched = StandardDefaultsWatch.started(name)
      // Issues reported in this test's world from outside its thread are
      // kept, and recorded here before the test ends.
      let relay = TestRelay(testName: name)
      var world = self.world
      world[TestRelayKey.self] = relay
      let checks = TestEndChecks(testName: name)
      world[TestEndChecksKey.self] = checks
      let escapeFailures = Locked<[ReportedIssue]>([])
      let failing =
        escapes == .fail
        ? TestWorlds.failOnEscapes(.init { issue in escapeFailures.withLock { $0.append(issue) } })
        : nil
      RunningTestCase.$current.withValue(RunningTestCase(self)) {
        TestWorlds.withTestWorld(world) {
          super.invokeTest()
          checks.run()
        }
        // Escapes are reported before the test ends (see WorldTrait).
        if !TestWorlds.escapesSettled(blockingWithin: 10) {
          TestWorlds.reportEscapesStillBeingPlaced()
        }
        if let failing { TestWorlds.stopFailingOnEscapes(failing) }
        for issue in escapeFailures.withLock({ $0 }) + relay.end() {
          TestRunnerReporter.recordXCTestFailure(issue)
        }
        // Its folders stay when it failed, for the user to look at.
        if (testRun?.totalFailureCount ?? 0) > 0 { checks.noteFailure() }
        for path in checks.end() {
          XCTFail(TestWorlds.keptFoldersMessage(path))
        }
        if let wrote = StandardDefaultsWatch.ended(watched) {
          XCTFail(wrote)
        }
      }
    }
  }
#endif
