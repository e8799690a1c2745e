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

  /// The request ID that `logger` carries.
  func requestID(_ logger: Logger) -> String {
    logger[metadataKey: "request-id"]?.description ?? "none"
  }

  /// What `GET /log` and `GET /log-async` do: log once through each name of
  /// the request's logger (`Logger.current`, `req.logger`,
  /// `Current.logger`) and answer the request ID that each carries, then
  /// `req.id`.
  func logThroughEveryName(_ req: Request) -> String {
    Logger.current.info("through Logger.current")
    req.logger.info("through req.logger")
    let ids = [
      logDeepInside("through Current.logger"), requestID(Logger.current),
      requestID(req.logger), "\(req.id)",
    ]
    return ids.joined(separator: " ")
  }

  /// `GET /log` (synchronous) and `GET /log-async` log through every name
  /// of the request's logger; `GET /escape` answers the IDs that work
  /// escaped with a `SharedWorld` sees through `Current.logger` and
  /// `Logger.current`, synchronously and asynchronously; `GET /stream`, the
  /// IDs that a streamed body sees through both, then `req.id`.
  func addLoggingRoutes(to app: Application) {
    app.middleware.use(WorldMiddleware())
    app.get("log") { req in logThroughEveryName(req) }
    app.get("log-async") { req async in
      await Task.yield()
      return logThroughEveryName(req)
    }
    app.get("escape") { _ async in
      let world = SharedWorld()
      let ids = await Task.detached {
        let sync = world.run { [requestID(Current.logger), requestID(Logger.current)] }
        let async = await world.run {
          await Task.yield()
          return [requestID(Current.logger), requestID(Logger.current)]
        }
        return sync + async
      }.value
      return ids.joined(separator: " ")
    }
    app.get("stream") { req in
      let id = "\(req.id)"
      return Response(
        body: Response.Body(
          asyncStream: { writer in
            let ids = [requestID(Logger.current), requestID(Current.logger), id]
            try await writer.write(.buffer(ByteBuffer(string: ids.joined(separator: " "))))
            try await writer.write(.end)
          }, in: req))
    }
  }

  @Suite struct LoggerTests {
    @Test(.world, arguments: ["log", "log-async"])
    func aRequestLogsWithOneLoggerWhicheverNameReadsIt(route: String) async throws {
      try await withApp { app in
        addLoggingRoutes(to: app)
        let response = try await app.testing().sendRequest(.GET, route)
        let ids = response.body.string.split(separator: " ")
        #expect(ids.count == 4)
        #expect(Set(ids).count == 1, "\(ids)")
      }
    }

    @Test(.world, arguments: ["log", "log-async"])
    func aTestsLoggerIsWhatEveryNameLogsWithTheRequestsID(route: String) async throws {
      let logs = InMemoryLogHandler()
      Current.logger = Logger(label: "test") { _ in logs }
      try await withApp { app in
        addLoggingRoutes(to: app)
        let response = try await app.testing().sendRequest(.GET, route)
        let id = try #require(response.body.string.split(separator: " ").last)
        let entries = logs.entries
        #expect(
          entries.map(\.message.description) == [
            "through Logger.current", "through req.logger", "through Current.logger",
          ])
        #expect(entries.allSatisfy { $0.metadata["request-id"]?.description == String(id) })
      }
      #expect(Current.logger[metadataKey: "request-id"] == nil)
    }

    @Test(.world, arguments: ["escape", "stream"])
    func workOutsideTheMiddlewaresScopeLogsWithTheRequestsID(route: String) async throws {
      try await withApp { app in
        addLoggingRoutes(to: app)
        let response = try await app.testing(method: .running(port: 0)).sendRequest(.GET, route)
        let ids = response.body.string.split(separator: " ")
        #expect(ids.count == (route == "escape" ? 4 : 3))
        #expect(Set(ids).count == 1, "\(ids)")
        #expect(ids.first != "none")
      }
    }
  }
#endif
