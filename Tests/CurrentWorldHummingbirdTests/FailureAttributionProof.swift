#if Hummingbird
  import CurrentWorldHummingbird
  import CurrentWorldTesting
  import Hummingbird
  import HummingbirdTesting
  import TestHelpers
  import Testing

  // Fail by design: run by `.ci/check-failure-attribution`, which checks
  // that each test's issues, reported from outside its task, landed on it.
  // Each marker is the test's name and case, which the check reads back.
  @Suite(.world, .enabled(if: provesFailureAttribution))
  struct HummingbirdFailureAttributionProof {
    @Test(arguments: 0..<10) func aRouterRequest(case number: Int) async throws {
      try await serve(.router, marker: "aRouterRequest-\(number)")
    }

    @Test(arguments: 0..<10) func aRequestOnAPort(case number: Int) async throws {
      try await serve(.live, marker: "aRequestOnAPort-\(number)")
    }

    @Test(arguments: 0..<10) func aQueue(case number: Int) async {
      await OutsideTheTest.onAQueue(marker: "aQueue-\(number)")
    }

    @Test(arguments: 0..<10) func aDetachedTask(case number: Int) async {
      await OutsideTheTest.inADetachedTask(marker: "aDetachedTask-\(number)")
    }

    /// Serves one request whose handler forgets an override, from a router
    /// made in the test's world.
    func serve(_ mode: TestingSetup, marker: String) async throws {
      let router = Router()
      router.add(middleware: WorldMiddleware())
      router.get("forget") { _, _ in
        forgetAnOverride(marker: marker)
        return "forgot"
      }
      try await Application(router: router).test(mode) { client in
        let response = try await client.execute(uri: "/forget", method: .get)
        #expect(response.status == .ok)
      }
    }
  }
#endif
