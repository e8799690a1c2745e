#if Vapor
  import CurrentWorld
  import CurrentWorldServer
  import Logging
  import Vapor

  extension Request {
    /// This request's world, wherever the code that reads it runs: in a
    /// future's callback, a streamed body, or a task of its own, where
    /// `Current` is the server's world.
    ///
    /// ```swift
    /// app.get("later") { req in
    ///   req.eventLoop.scheduleTask(in: .seconds(1)) {
    ///     withWorld(req.world) { Current.locale.identifier }
    ///   }.futureResult
    /// }
    /// ```
    ///
    /// Without ``WorldMiddleware`` on the request's route there is none: the
    /// request's logger says so, naming the fix, and this is the world that
    /// `Current` sees here.
    public var world: World {
      if let made = storage[RequestWorldKey.self] { return made.world }
      logger.warning(
        "req.world read on a request that WorldMiddleware did not see: add app.middleware.use(WorldMiddleware()) before the routes that read it."
      )
      return Current
    }
  }

  // Where WorldMiddleware keeps a request's world, and the language its
  // response names.
  struct RequestWorldKey: StorageKey {
    typealias Value = RequestWorld
  }

  extension Response.Body {
    /// A streamed body whose closure runs in `request`'s world, with
    /// `req.logger` as `Logger.current`: Vapor calls it after the route
    /// returned, outside the middleware's scope, where `Current` is the
    /// server's world.
    public init(
      asyncStream: @escaping @Sendable (any AsyncBodyStreamWriter) async throws -> Void,
      in request: Request
    ) {
      let world = request.world
      let logger = request.logger
      self.init(asyncStream: { writer in
        try await withLogger(logger) { _ in
          try await withWorld(world) { try await asyncStream(writer) }
        }
      })
    }
  }
#endif
