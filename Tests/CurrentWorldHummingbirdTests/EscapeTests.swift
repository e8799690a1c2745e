#if Hummingbird
  import CurrentWorldHummingbird
  import CurrentWorldTesting
  import Dispatch
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting
  import Testing

  @testable import CurrentWorldHummingbird

  /// Work that a handler starts outside the task tree gets the request's
  /// world through `SharedWorld`; the middleware's world reaches middleware
  /// inside it, and the body stays in it behind middleware outside it.
  @Suite(.world, .timeLimit(.minutes(10))) struct EscapeTests {
    @Test func detachedGCDAndStoredCallbackWorkSeesTheRequestsWorld() async throws {
      let router = Router()
      router.add(middleware: WorldMiddleware())
      router.get("escapes") { _, _ -> String in
        let world = SharedWorld()
        let detached = await Task.detached { world.run { Current.locale.identifier } }.value
        let viaGCD = await withCheckedContinuation { continuation in
          DispatchQueue.global().async {
            world.run { continuation.resume(returning: Current.locale.identifier) }
          }
        }
        let stored: @Sendable () -> String = world.bind { Current.locale.identifier }
        let viaCallback = await Task.detached { stored() }.value
        return "\(detached) \(viaGCD) \(viaCallback)"
      }
      let app = Application(router: router)
      try await app.test(.router) { client in
        let response = try await client.execute(
          uri: "/escapes", method: .get, headers: headers(language: "sv-SE"))
        #expect(String(buffer: response.body) == "sv_SE sv_SE sv_SE")
      }
    }

    /// Adds the world's locale as a header: a middleware after the world
    /// middleware sees the request's world.
    struct InnerMiddleware<Context: RequestContext>: RouterMiddleware {
      func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
      ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[HTTPField.Name("X-Inner-Locale")!] = Current.locale.identifier
        return response
      }
    }

    /// Maps the body after the world middleware returns, as a compression or
    /// logging middleware would: the body is still written in the request's
    /// world.
    struct OuterMiddleware<Context: RequestContext>: RouterMiddleware {
      func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
      ) async throws -> Response {
        var response = try await next(request, context)
        response.body = response.body.map { buffer in
          ByteBuffer(string: "[" + String(buffer: buffer) + "]")
        }
        return response
      }
    }

    @Test func middlewareOnEitherSideKeepsTheRequestsWorld() async throws {
      Current.clock = ImmediateClock()
      let router = Router()
      router.add(middleware: OuterMiddleware())
      router.add(middleware: WorldMiddleware())
      router.add(middleware: InnerMiddleware())
      router.get("later") { _, _ in
        // A body written after the handler returns, behind middleware on
        // both sides of the world middleware.
        Response(
          status: .ok,
          body: ResponseBody { writer in
            try await Current.clock.sleep(for: .seconds(1))
            try await writer.write(ByteBuffer(string: Current.locale.identifier))
            try await writer.finish(nil)
          })
      }
      let app = Application(router: router)
      try await app.test(.router) { client in
        let response = try await client.execute(
          uri: "/later", method: .get, headers: headers(language: "nb-NO"))
        #expect(response.headers[HTTPField.Name("X-Inner-Locale")!] == "nb_NO")
        #expect(String(buffer: response.body) == "[nb_NO]")
      }
    }

    /// A handler that names its own `Content-Language` has it replaced by
    /// the language its request negotiated: one field, never two.
    @Test func aHandlersContentLanguageIsReplacedByTheNegotiatedOne() async throws {
      let router = Router()
      router.add(middleware: WorldMiddleware())
      router.get("claims") { _, _ in
        Response(status: .ok, headers: [.contentLanguage: "en-US", .contentType: "text/plain"])
      }
      let app = Application(router: router)
      try await app.test(.router) { client in
        let response = try await client.execute(
          uri: "/claims", method: .get, headers: headers(language: "fi-FI"))
        #expect(response.headers[values: .contentLanguage] == ["fi-FI"])
        #expect(response.headers[.contentType] == "text/plain")
      }
    }

    /// A body of known length, written by a closure that reads `Current`: a
    /// small one is written at once in the request's world, a large one
    /// whenever the server writes it, in that world too.
    @Test(arguments: [16, WorldBody.collectLimit + 1])
    func aBodyOfKnownLengthIsWrittenInTheRequestsWorld(_ length: Int) async throws {
      let router = Router()
      router.add(middleware: WorldMiddleware())
      router.get("sized") { _, _ in
        Response(
          status: .ok,
          body: ResponseBody(contentLength: length) { writer in
            // Two writes: the collected body keeps both, in order.
            try await writer.write(ByteBuffer(string: String(repeating: "=", count: length - 5)))
            try await writer.write(ByteBuffer(string: Current.locale.identifier))
            try await writer.finish(nil)
          })
      }
      let app = Application(router: router)
      try await app.test(.router) { client in
        let response = try await client.execute(
          uri: "/sized", method: .get, headers: headers(language: "fi-FI"))
        #expect(response.body.readableBytes == length)
        #expect(String(buffer: response.body).hasSuffix("=fi_FI"))
      }
    }
  }
#endif
