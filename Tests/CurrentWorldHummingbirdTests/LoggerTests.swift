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

  /// The request ID that `logger` carries.
  func requestID(_ logger: Logger) -> String {
    logger[metadataKey: "hb.request.id"]?.description ?? "none"
  }

  /// A router whose `GET /log` logs once through each name of the request's
  /// logger (`Current.logger`, `Logger.current`, `context.logger`) and
  /// answers the request ID that each carries, then the context's;
  /// `GET /escape` answers the IDs that work escaped with a `SharedWorld`
  /// sees through `Current.logger` and `Logger.current`, synchronously and
  /// asynchronously.
  func loggingRouter() -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: WorldMiddleware())
    router.get("log") { _, context in
      Logger.current.info("through Logger.current")
      context.logger.info("through context.logger")
      let ids = [
        logDeepInside("through Current.logger"), requestID(Logger.current),
        requestID(context.logger), "\(context.id)",
      ]
      return ids.joined(separator: " ")
    }
    router.get("escape") { _, _ in
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
    return router
  }

  @Suite struct LoggerTests {
    @Test(.world, arguments: [TestingSetup.router, .live])
    func aRequestLogsWithOneLoggerWhicheverNameReadsIt(setup: TestingSetup) async throws {
      try await Application(router: loggingRouter()).test(setup) { client in
        let response = try await client.execute(uri: "/log", method: .get)
        let ids = String(buffer: response.body).split(separator: " ")
        #expect(ids.count == 4)
        #expect(Set(ids).count == 1, "\(ids)")
      }
    }

    @Test(.world, arguments: [TestingSetup.router, .live])
    func aTestsLoggerIsWhatEveryNameLogsWithTheRequestsID(setup: TestingSetup) async throws {
      let logs = InMemoryLogHandler()
      Current.logger = Logger(label: "test") { _ in logs }
      try await Application(router: loggingRouter()).test(setup) { client in
        for _ in 0..<2 {
          let before = logs.entries.count
          let response = try await client.execute(uri: "/log", method: .get)
          let id = try #require(String(buffer: response.body).split(separator: " ").last)
          let entries = logs.entries.dropFirst(before)
          #expect(
            entries.map(\.message.description) == [
              "through Logger.current", "through context.logger", "through Current.logger",
            ])
          #expect(entries.allSatisfy { $0.metadata["hb.request.id"]?.description == String(id) })
        }
      }
      #expect(logs.entries.count == 6)
      // The test's own world keeps its logger, with no request's ID.
      #expect(Current.logger[metadataKey: "hb.request.id"] == nil)
    }

    @Test(.world) func workThatEscapesWithASharedWorldLogsWithTheRequestsID() async throws {
      try await Application(router: loggingRouter()).test(.router) { client in
        let response = try await client.execute(uri: "/escape", method: .get)
        let ids = String(buffer: response.body).split(separator: " ")
        #expect(ids.count == 4)
        #expect(Set(ids).count == 1, "\(ids)")
        #expect(ids.first != "none")
      }
    }

    @Test(.world) func outsideARequestCurrentLoggerIsLoggerCurrentUnlessTheWorldHasOne() {
      withLogger(Logger(label: "bound")) { _ in
        #expect(Current.logger.label == "bound")
        Current.logger = Logger(label: "given")
        #expect(Current.logger.label == "given")
        // A task-local logger is bound for a scope, never written.
        #expect(Logger.current.label == "bound")
      }
    }

    @Test(.world) func insideARequestALoggerBoundByTheHandlerIsCurrentLogger() async throws {
      let router = Router()
      router.add(middleware: WorldMiddleware())
      router.get("inner") { _, _ in
        withLogger(Logger(label: "inner")) { _ in Current.logger.label }
      }
      try await Application(router: router).test(.router) { client in
        let response = try await client.execute(uri: "/inner", method: .get)
        #expect(String(buffer: response.body) == "inner")
      }
    }
  }
#endif
