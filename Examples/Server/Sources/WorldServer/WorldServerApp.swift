import CurrentWorldHummingbird
import Hummingbird

/// The server: the world middleware (CurrentWorldHummingbird), then the routes.
///
/// Build it where `Current` is the world requests should start from: after
/// `World.bootstrap` in `main`, or inside a test's own world.
public func buildApplication(_ options: ServerOptions) -> some ApplicationProtocol {
  let router = Router()
  router.add(middleware: WorldMiddleware())
  Routes.add(to: router)
  return Application(
    router: router,
    configuration: .init(address: .hostname(options.hostname, port: options.port)))
}
