#if Vapor
  import CurrentWorldTesting
  import CurrentWorldVapor
  import TestHelpers
  import Testing
  import Vapor
  import VaporTesting

  // Fail by design: run by `.ci/check-failure-attribution`, which checks
  // that each test's issues, reported from outside its task, landed on it.
  // Each marker is the test's name and case, which the check reads back.
  @Suite(.world, .enabled(if: provesFailureAttribution))
  struct VaporFailureAttributionProof {
    @Test(arguments: 0..<10) func anInMemoryRequest(case number: Int) async throws {
      try await serve(.inMemory, marker: "anInMemoryRequest-\(number)")
    }

    @Test(arguments: 0..<10) func aRequestOnAPort(case number: Int) async throws {
      // A port for each case: the proof's cases run in parallel.
      try await serve(.running(port: 18_400 + number), marker: "aRequestOnAPort-\(number)")
    }

    @Test(arguments: 0..<10) func aThread(case number: Int) async {
      await OutsideTheTest.onAThread(marker: "aThread-\(number)")
    }

    @Test(arguments: 0..<10) func aLongLivedLoop(case number: Int) async {
      await OutsideTheTest.onALongLivedLoop(marker: "aLongLivedLoop-\(number)")
    }

    /// Serves one request whose synchronous route forgets an override, on
    /// the event loop, from an app made in the test's world.
    func serve(_ method: Application.Method, marker: String) async throws {
      try await withApp { app in
        app.middleware.use(WorldMiddleware())
        app.get("forget") { _ in
          forgetAnOverride(marker: marker)
          return "forgot"
        }
        let response = try await app.testing(method: method).sendRequest(.GET, "forget")
        #expect(response.status == .ok)
      }
    }
  }
#endif
