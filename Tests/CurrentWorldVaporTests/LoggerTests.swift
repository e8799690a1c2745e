#if Vapor
  import CurrentWorldTesting
  import CurrentWorldVapor
  import InMemoryLogging
  import Logging
  import Testing
  import Vapor
  import VaporTesting

  /// Code deep inside a request, which knows nothing of Vapor.
  func logDeepInside(_ message: String) -> String {
    Current.logger.info("\(message)")
    return Current.logger[metadataKey: "request-id"]?.description ?? "no request ID"
  }

  /// `GET /log` (synchronous) and `GET /log-async` log through
  /// `Current.logger` and answer the request ID that it carries, then
  /// `req.id`.
  func addLoggingRoutes(to app: Application) {
    app.middleware.use(WorldMiddleware())
    app.get("log") { req in "\(logDeepInside("deep inside")) \(req.id)" }
    app.get("log-async") { req async in
      await Task.yield()
      return "\(logDeepInside("deep inside")) \(req.id)"
    }
  }

  @Suite struct LoggerTests {
    @Test(.world, arguments: ["log", "log-async"])
    func aRequestLogsWithItsFrameworkLogger(route: String) async throws {
      try await withApp { app in
        addLoggingRoutes(to: app)
        let response = try await app.testing().sendRequest(.GET, route)
        let ids = response.body.string.split(separator: " ")
        #expect(ids.count == 2)
        #expect(ids.first == ids.last)
      }
    }

    @Test(.world, arguments: ["log", "log-async"])
    func aTestCapturesWhatARequestLogsWithTheRequestsID(route: String) async throws {
      let logs = InMemoryLogHandler()
      Current.logger = Logger(label: "test") { _ in logs }
      try await withApp { app in
        addLoggingRoutes(to: app)
        let response = try await app.testing().sendRequest(.GET, route)
        let id = try #require(response.body.string.split(separator: " ").last)
        let entry = try #require(logs.entries.last)
        #expect(entry.message == "deep inside")
        #expect(entry.metadata["request-id"]?.description == String(id))
      }
      #expect(logs.entries.count == 1)
      #expect(Current.logger[metadataKey: "request-id"] == nil)
    }
  }
#endif
