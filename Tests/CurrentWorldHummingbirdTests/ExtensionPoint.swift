#if Hummingbird
  import CurrentWorld
  import CurrentWorldHummingbird
  import HTTPTypes
  import Hummingbird

  // The articles' extension point, compiled as they show it, outside any
  // test: a request's world from the request itself. HeaderTests drives it.

  enum RequestIDKey: WorldKey {
    static let liveValue = "none"
    static let testValue = "none"
  }

  func addWorlds(to router: Router<BasicRequestContext>) {
    let requestID = HTTPField.Name("X-Request-ID")!
    router.add(
      middleware: WorldMiddleware<BasicRequestContext> { world, request, _ in
        world[RequestIDKey.self] = request.headers[requestID] ?? "missing"
      })
  }
#endif
