#if Logging
  import CurrentWorld
  import Logging

  extension World {
    /// The logger to log with: inside a request, the server framework's
    /// request logger, which carries the request's ID in its metadata
    /// (Hummingbird's `context.logger`, Vapor's `req.logger`), wherever the
    /// code that reads it runs.
    ///
    /// Outside a request it is a logger labelled `CurrentWorld`, until the
    /// server sets its own at launch. A logger set in the server's world (at
    /// launch, or in a test) is kept for every request, with the request's
    /// metadata added, so a test captures what a request logs:
    ///
    /// ```swift
    /// let logs = InMemoryLogHandler()
    /// Current.logger = Logger(label: "test") { _ in logs }
    /// // … a request whose code calls Current.logger.info("…") …
    /// #expect(logs.entries.map(\.message) == ["…"])
    /// ```
    ///
    /// Needs the trait `Logging`, which `Hummingbird` and `Vapor` turn on.
    public var logger: Logger {
      get { self[LoggerKey.self].logger }
      set { self[LoggerKey.self] = ChosenLogger(logger: newValue, isSet: true) }
    }

    /// Gives this request's world the framework's request logger: the
    /// request's own, or, if the server's world was given a logger, that
    /// logger with the request's metadata added.
    package mutating func adoptRequestLogger(_ request: Logger) {
      var chosen = self[LoggerKey.self]
      if chosen.isSet {
        for (key, value) in request.handler.metadata {
          chosen.logger[metadataKey: key] = value
        }
      } else {
        chosen.logger = request
      }
      self[LoggerKey.self] = chosen
    }
  }

  /// A world's logger, and whether someone set it (rather than the default,
  /// which a request's own logger replaces).
  struct ChosenLogger: Sendable {
    var logger: Logger
    var isSet: Bool
  }

  /// The key behind ``CurrentWorld/World/logger``.
  enum LoggerKey: WorldKey {
    static let liveValue = ChosenLogger(logger: Logger(label: "CurrentWorld"), isSet: false)
    static let testValue = liveValue
  }
#endif
