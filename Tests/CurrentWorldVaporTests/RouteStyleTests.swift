#if Vapor
  import CurrentWorldTesting
  import CurrentWorldVapor
  import Foundation
  import Testing
  import Vapor
  import VaporTesting

  /// The article's table of Vapor's route styles: for each, what `Current`
  /// sees, and `req.world` where it does not see the request's world. The
  /// request asks for Swedish; the test's own world and the process's are
  /// English.
  @Suite(.world, .timeLimit(.minutes(10))) struct RouteStyleTests {
    init() {
      Current.locale = Locale(identifier: "en_US")
    }

    /// The locale that a request for Swedish answers on `path`, served in
    /// memory and on a real port.
    static func answers(_ path: String, _ routes: @escaping (Application) throws -> Void)
      async throws -> [String]
    {
      var answers: [String] = []
      for method in [Application.Method.inMemory, .running(port: 0)] {
        try await withApp { app in
          app.middleware.use(WorldMiddleware())
          try routes(app)
          do {
            let response = try await app.testing(method: method).sendRequest(
              .GET, path, headers: headers(language: "sv-SE"))
            #expect(response.status == .ok)
            answers.append(response.body.string)
          }
        }
      }
      return answers
    }

    @Test func anAsyncHandlerSeesTheRequestsWorld() async throws {
      let answers = try await Self.answers("style") { app in
        app.get("style") { _ async in Current.locale.identifier }
      }
      #expect(answers == ["sv_SE", "sv_SE"])
    }

    @Test func aSynchronousRouteClosureSeesTheRequestsWorld() async throws {
      let answers = try await Self.answers("style") { app in
        app.get("style") { _ in Current.locale.identifier }
      }
      #expect(answers == ["sv_SE", "sv_SE"])
    }

    struct AsyncAfter: AsyncMiddleware {
      func respond(to request: Request, chainingTo next: any AsyncResponder) async throws
        -> Response
      {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "X-After", value: Current.locale.identifier)
        return response
      }
    }

    @Test func anAsyncMiddlewareAfterOursAndItsHandlerSeeTheRequestsWorld() async throws {
      let answers = try await Self.answers("style") { app in
        app.grouped(AsyncAfter()).get("style") { req async in
          Current.locale.identifier
        }
      }
      #expect(answers == ["sv_SE", "sv_SE"])
    }

    /// A future-based middleware that calls `next` in a callback that runs
    /// later, as any middleware that waits for I/O first does.
    struct LaterFutureMiddleware: Middleware {
      func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response>
      {
        request.eventLoop.scheduleTask(in: .milliseconds(1)) {}.futureResult.flatMap {
          next.respond(to: request)
        }
      }
    }

    @Test func behindAFutureMiddlewareThatWaitsCurrentIsTheProcesssWorldAndReqWorldIsTheRequests()
      async throws
    {
      let process = await processLocale()
      let answers = try await Self.answers("style") { app in
        app.grouped(LaterFutureMiddleware()).get("style") { req in
          "\(Current.locale.identifier) \(req.world.locale.identifier)"
        }
      }
      #expect(answers == ["\(process) sv_SE", "\(process) sv_SE"])
      #expect(process != "sv_SE")
    }

    @Test func behindVaporsSessionsMiddlewareTheHandlerSeesTheRequestsWorld() async throws {
      let answers = try await Self.answers("style") { app in
        app.grouped(app.sessions.middleware).get("style") { req async in
          req.session.data["seen"] = "yes"
          return Current.locale.identifier
        }
      }
      #expect(answers == ["sv_SE", "sv_SE"])
    }

    /// Reads `Current` in a streamed body, which Vapor writes after the
    /// route returned.
    static func streamedLocale(_ writer: any AsyncBodyStreamWriter) async throws {
      try await writer.write(.buffer(ByteBuffer(string: Current.locale.identifier)))
      try await writer.write(.end)
    }

    /// Vapor writes a streamed body after the route returned, in whatever
    /// world its writer runs in: the process's on a real server, the test's
    /// own in memory; never the request's, unless the body is made in it.
    @Test func aStreamedBodySeesTheProcesssWorldUnlessItIsMadeInTheRequest() async throws {
      let process = await processLocale()
      let plain = try await Self.answers("style") { app in
        app.get("style") { _ async in
          Response(body: Response.Body(asyncStream: Self.streamedLocale))
        }
      }
      #expect(plain == [Current.locale.identifier, process])
      #expect(process != "sv_SE")
      let inRequest = try await Self.answers("style") { app in
        app.get("style") { req async in
          Response(body: Response.Body(asyncStream: Self.streamedLocale, in: req))
        }
      }
      #expect(inRequest == ["sv_SE", "sv_SE"])
    }

    @Test func anEventLoopFutureInAnAsyncHandlerSeesTheProcesssWorldUnlessGivenReqWorld()
      async throws
    {
      let process = await processLocale()
      let answers = try await Self.answers("style") { app in
        app.get("style") { req async throws in
          let plain = try await req.eventLoop.submit { Current.locale.identifier }.get()
          let given = try await req.eventLoop.submit {
            withWorld(req.world) { Current.locale.identifier }
          }.get()
          return "\(plain) \(given)"
        }
      }
      #expect(answers == ["\(process) sv_SE", "\(process) sv_SE"])
    }

    /// A user's future-based middleware after ours that changes the response
    /// once the handler answered: `map` or `flatMap` on `next.respond(to:)`.
    /// It names the locale its callback sees in `X-After`.
    struct AfterTheHandler: Middleware {
      let flat: Bool

      func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response>
      {
        let response = next.respond(to: request)
        if flat {
          return response.flatMap { response in
            response.headers.replaceOrAdd(name: "X-After", value: Current.locale.identifier)
            return request.eventLoop.makeSucceededFuture(response)
          }
        }
        return response.map { response in
          response.headers.replaceOrAdd(name: "X-After", value: Current.locale.identifier)
          return response
        }
      }
    }

    /// What `X-After` says for a request for Swedish, in memory and on a
    /// real port, with the handler `async` or synchronous.
    static func afterTheHandler(flat: Bool, async: Bool) async throws -> [String] {
      var answers: [String] = []
      for method in [Application.Method.inMemory, .running(port: 0)] {
        try await withApp { app in
          app.middleware.use(WorldMiddleware())
          let group = app.grouped(AfterTheHandler(flat: flat))
          if async {
            group.get("style") { _ async in "handled" }
          } else {
            group.get("style") { _ in "handled" }
          }
          let response = try await app.testing(method: method).sendRequest(
            .GET, "style", headers: headers(language: "sv-SE"))
          #expect(response.status == .ok)
          answers.append(response.headers.first(name: "X-After") ?? "none")
        }
      }
      return answers
    }

    /// After a synchronous route closure the response is there at once, so
    /// the callback runs inside the request's world.
    @Test(arguments: [false, true])
    func aMapOnNextAfterASynchronousHandlerSeesTheRequestsWorld(_ flat: Bool) async throws {
      let answers = try await Self.afterTheHandler(flat: flat, async: false)
      #expect(answers == ["sv_SE", "sv_SE"])
    }

    /// After an `async` handler the response arrives later, from the
    /// handler's task, and the callback runs on the event loop outside the
    /// request's world: in the process's, in memory and on a real server.
    /// Such a callback reads `req.world` instead.
    @Test(arguments: [false, true])
    func aMapOnNextAfterAnAsyncHandlerSeesTheWorldOfTheEventLoop(_ flat: Bool) async throws {
      let process = await processLocale()
      let answers = try await Self.afterTheHandler(flat: flat, async: true)
      #expect(answers == [process, process])
      #expect(process != "sv_SE")
    }

    @Test func reqWorldWithoutTheMiddlewareIsTheWorldCurrentSees() async throws {
      try await withApp { app in
        app.get("style") { req async in req.world.locale.identifier }
        do {
          let response = try await app.testing().sendRequest(
            .GET, "style", headers: headers(language: "sv-SE"))
          #expect(response.body.string == "en_US")
        }
      }
    }
  }
#endif
