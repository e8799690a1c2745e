#if DEBUG
  import CurrentWorld
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

    /// Runs the test in its own world.
    override open func invokeTest() {
      TestRunnerReporter.install()
      XCTestRun.addPendingObserver()
      // Issues reported in this test's world from outside its thread are
      // kept, and recorded here before the test ends.
      let relay = TestRelay(testName: name)
      var world = self.world
      world[TestRelayKey.self] = relay
      let checks = TestEndChecks()
      world[TestEndChecksKey.self] = checks
      RunningTestCase.$current.withValue(RunningTestCase(self)) {
        TestWorlds.withTestWorld(world) {
          super.invokeTest()
          checks.run()
        }
        // Escapes are reported before the test ends (see WorldTrait).
        if !TestWorlds.escapesSettled(blockingWithin: 10) {
          TestWorlds.reportEscapesStillBeingPlaced()
        }
        for issue in relay.end() { TestRunnerReporter.recordXCTestFailure(issue) }
      }
    }
  }
#endif
