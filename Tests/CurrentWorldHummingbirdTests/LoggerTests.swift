#if Hummingbird
  import CurrentWorldHummingbird
  import CurrentWorldTesting
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import InMemoryLogging
  import Logging
  import Testing

  /// Code deep inside a request, which knows nothing of Hummingbird.
  func logDeepInside(_ message: String) -> String {
    Current.logger.info("\(message)")
    return Current.logger[metadataKey: "hb.request.id"]?.description ?? "no request ID"
  }

  /// A router whose `GET /log` logs through `Current.logger` and answers the
  /// request ID that `Current.logger` carries, then the context's.
  func loggingRouter() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: WorldMiddleware())
    router.get("log") { _, context in
      "\(logDeepInside("deep inside")) \(context.id)"
    }
    return router
  }

  @Suite struct LoggerTests {
    @Test(.world) func aRequestLogsWithItsFrameworkLogger() async throws {
      try await Application(router: loggingRouter()).test(.router) { client in
        let response = try await client.execute(uri: "/log", method: .get)
        let ids = String(buffer: response.body).split(separator: " ")
        #expect(ids.count == 2)
        #expect(ids.first == ids.last)
      }
    }

    @Test(.world) func aTestCapturesWhatARequestLogsWithTheRequestsID() async throws {
      let logs = InMemoryLogHandler()
      Current.logger = Logger(label: "test") { _ in logs }
      try await Application(router: loggingRouter()).test(.router) { client in
        for _ in 0..<2 {
          let response = try await client.execute(uri: "/log", method: .get)
          let id = try #require(String(buffer: response.body).split(separator: " ").last)
          let entry = try #require(logs.entries.last)
          #expect(entry.message == "deep inside")
          #expect(entry.metadata["hb.request.id"]?.description == String(id))
        }
      }
      #expect(logs.entries.count == 2)
      // The test's own world keeps its logger, with no request's ID.
      #expect(Current.logger[metadataKey: "hb.request.id"] == nil)
    }

    @Test(.world) func outsideARequestTheLoggerIsCurrentWorlds() {
      #expect(Current.logger.label == "CurrentWorld")
    }
  }
#endif
