#if Hummingbird
  import CurrentWorld
  import CurrentWorldHummingbird
  import HTTPTypes
  import Hummingbird

  // The articles' extension point, compiled as they show it, outside any
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

  func addWorlds(to router: Router<BasicRequestContext>) {
    let requestID = HTTPField.Name("X-Request-ID")!
    router.add(
      middleware: WorldMiddleware<BasicRequestContext> { world, request, _ in
        world.requestID = request.headers[requestID] ?? "missing"
      })
  }
#endif
