#if Logging
  import CurrentWorld
  import Logging

  extension World {
    /// The logger to log with: swift-log's `Logger.current`, unless this
    /// world was given a logger of its own.
    ///
    /// Inside a request, the world middleware binds one logger with
    /// swift-log's `withLogger`, so `Current.logger` and `Logger.current`
    /// are the same logger there: the framework's request logger
    /// (Hummingbird's `context.logger`, Vapor's `req.logger`), with the
    /// request's ID in its metadata, or the logger that the server's world
    /// was given, with the request's metadata added. Work that leaves the
    /// request's task through a `SharedWorld` logs with it too.
    ///
    /// A test gives its world a logger, and captures what its requests log,
    /// through either name:
    ///
    /// ```swift
    /// let logs = InMemoryLogHandler()
    /// Current.logger = Logger(label: "test") { _ in logs }
    /// // … a request whose code calls Logger.current.info("…") …
    /// #expect(logs.entries.map(\.message) == ["…"])
    /// ```
    ///
    /// Outside a request, a logger written here is seen through
    /// `Current.logger` only: a task-local logger can be bound for a scope
    /// (`withLogger`), never written. A server sets its logger where its
    /// framework takes one (`Application(logger:)`, `app.logger`), which
    /// costs a request nothing; one set here is copied into every request.
    ///
    /// Needs the trait `Logging`, which `Hummingbird` and `Vapor` turn on.
    public var logger: Logger {
      get { self[LoggerKey.self] ?? Logger.current }
      set { self[LoggerKey.self] = newValue }
    }

    /// The logger this world was given, with the metadata of `request`
    /// (the framework's request logger) added; `nil` where it was given
    /// none, and the request logs with `request`.
    ///
    /// The logger is taken out of the world, so that inside the request
    /// `Current.logger` reads the one the middleware binds.
    package mutating func takeGivenLogger(for request: Logger) -> Logger? {
      guard var given = self[LoggerKey.self] else { return nil }
      self[LoggerKey.self] = nil
      for (key, value) in request.handler.metadata {
        given[metadataKey: key] = value
      }
      return given
    }
  }

  /// The key behind ``CurrentWorld/World/logger``: the logger a world was
  /// given, or `nil` for `Logger.current`.
  enum LoggerKey: WorldKey {
    static let liveValue: Logger? = nil
    static let testValue: Logger? = nil
  }
#endif
