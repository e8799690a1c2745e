#if Vapor
  import CurrentWorld
  import CurrentWorldServer
  import Logging
  import Vapor

  /// Runs each request in a world of its own, made from the server's world.
  ///
  /// - `locale` is negotiated from `Accept-Language` (RFC 4647 lookup among
  ///   the supported languages) and echoed in `Content-Language`; a malformed
  ///   header gives the server's locale, as HTTP allows;
  /// - `timeZone` comes from a `Time-Zone` header holding an IANA
  ///   identifier; an unknown one is answered `400` with Vapor's JSON error
  ///   (an `Abort`), naming the header;
  /// - `calendar` follows the negotiated locale (CurrentWorldServer's `RequestCalendar`);
  /// - `logger`, and swift-log's `Logger.current`, is `req.logger`, with
  ///   the request's ID, or the logger the server's world was given, with
  ///   the request's metadata added (which then becomes `req.logger`),
  ///   bound with `withLogger` (Vapor binds none);
  /// - `update`, if given, changes the request's world from the request: an
  ///   authenticated user, a request ID, a logger.
  ///
  /// ```swift
  /// app.middleware.use(WorldMiddleware())
  /// ```
  ///
  /// It is a future-based `Middleware` on purpose: it runs the rest of the
  /// chain on the request's event loop in the request's world, so synchronous
  /// route closures and middleware after it see that world, and async ones
  /// inherit it. A future's later callback or a streamed body does not: read
  /// ``Vapor/Request/world`` there (the article has a table of route styles).
  ///
  /// Add it where `Current` is the world that requests start from: in
  /// `configure` after `World.bootstrap`, or in a test's own world.
  public struct WorldMiddleware: Middleware {
    /// Changes a request's world from the request, after its headers did.
    public typealias Update =
      @Sendable (_ world: inout World, _ request: Request) async throws ->
      Void

    private let server: SharedWorld
    private let worlds: RequestWorlds
    private let update: Update?

    /// A middleware whose requests start from the world that `Current` sees
    /// where it is made.
    ///
    /// - Parameters:
    ///   - languages: The languages the server supports: every locale the
    ///     platform has, by default.
    ///   - timeZoneHeader: The header that names the request's time zone.
    ///   - calendar: Whether a request's calendar follows its locale.
    ///   - update: Changes each request's world from the request; what it
    ///     throws reaches Vapor's `ErrorMiddleware` as a handler's would.
    public init(
      languages: LanguageNegotiation = LanguageNegotiation(),
      timeZoneHeader: String = "Time-Zone",
      calendar: RequestCalendar = .followsLocale,
      update: Update? = nil
    ) {
      server = SharedWorld()
      worlds = RequestWorlds(
        languages: languages, timeZoneHeader: timeZoneHeader, calendar: calendar)
      self.update = update
    }

    /// Runs `next` in the request's world on the request's event loop, and
    /// names the request's language in `Content-Language`.
    ///
    /// The returned future fails with `Abort(.badRequest)` for a time zone
    /// that is not an IANA identifier, or with what `update` throws.
    public func respond(to request: Request, chainingTo next: any Responder)
      -> EventLoopFuture<Response>
    {
      var made: RequestWorld
      do {
        made = try worlds.world(fields: request.headers, from: server.world)
      } catch {
        return request.eventLoop.makeFailedFuture(Abort(.badRequest, reason: error.description))
      }
      guard let update else { return respond(to: request, in: made, chainingTo: next) }
      let contentLanguage = made.contentLanguage
      return request.eventLoop.makeFutureWithTask { [made] in
        var world = made.world
        try await update(&world, request)
        return world
      }.flatMap { world in
        respond(
          to: request, in: RequestWorld(world: world, contentLanguage: contentLanguage),
          chainingTo: next)
      }
    }

    private func respond(to request: Request, in made: RequestWorld, chainingTo next: any Responder)
      -> EventLoopFuture<Response>
    {
      // On the event loop, a future that has its value runs its callbacks at
      // once: a synchronous route closure then runs inside the scope below.
      guard request.eventLoop.inEventLoop else {
        return request.eventLoop.flatSubmit { respond(to: request, in: made, chainingTo: next) }
      }
      var made = made
      if let given = made.world.takeGivenLogger(for: request.logger) { request.logger = given }
      request.storage[RequestWorldKey.self] = made
      let response = withLogger(request.logger) { _ in
        withWorld(made.world) { next.respond(to: request) }
      }
      // Runs before the callbacks that the middleware in front of this one,
      // and the server writing the response, add later; a `map` would make a
      // second future for every request. It captures the request alone,
      // which is then the closure's context: a captured string would cost
      // every request a context of its own.
      response.whenSuccess { [request] response in
        guard let contentLanguage = request.storage[RequestWorldKey.self]?.contentLanguage else {
          return
        }
        // One read and one write of the headers, each under the response's
        // lock. Added when the route named none, which is the common case:
        // replacing removes first, and copies the fields once more.
        var headers = response.headers
        if headers.contains(name: .contentLanguage) {
          headers.replaceOrAdd(name: .contentLanguage, value: contentLanguage)
        } else {
          // The fields are shared with the response, so adding copies them:
          // the copy has room for the `Date` and `Server` that Vapor's
          // encoder adds next, or that add would copy them again.
          headers.reserveCapacity(headers.count + 3)
          headers.add(name: .contentLanguage, value: contentLanguage)
        }
        response.headers = headers
      }
      return response
    }
  }
#endif
