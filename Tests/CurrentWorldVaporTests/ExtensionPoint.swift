#if Vapor
  import CurrentWorld
  import CurrentWorldVapor
  import Vapor

  // The article's extension point, compiled as it shows it, outside any
  // test: a request's world from the request itself. HeaderTests drives it.

  enum RequestIDKey: WorldKey {
    static let liveValue = "none"
    static let testValue = "none"
  }

  func addWorlds(to app: Application) {
    app.middleware.use(
      WorldMiddleware { world, request in
        world[RequestIDKey.self] = request.headers.first(name: "X-Request-ID") ?? "missing"
      })
  }
#endif
