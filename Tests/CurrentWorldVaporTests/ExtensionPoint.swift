#if Vapor
  import CurrentWorld
  import CurrentWorldVapor
  import Vapor

  // The article's extension point, compiled as it shows it, outside any
  // test: a request's world from the request itself. HeaderTests drives it.

  enum AppDependencies {
    static let requestID = WorldDependency(live: "none", test: "none")
  }

  extension World {
    subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
      get { self[key] }
      set { self[key] = newValue }
    }
  }

  func addWorlds(to app: Application) {
    app.middleware.use(
      WorldMiddleware { world, request in
        world.requestID = request.headers.first(name: "X-Request-ID") ?? "missing"
      })
  }
#endif
