import CatFactClient
import CurrentWorldHummingbird
import Hummingbird

/// The server: the world middleware (CurrentWorldHummingbird), then the routes.
///
/// Build it where `Current` is the world requests should start from: after
/// `World.bootstrap` in `main`, or inside a test's own world.
/// `GET /catfact/generated` calls `catFacts`.
public func buildApplication(
  _ options: ServerOptions, catFacts: some APIProtocol = GeneratedCatFacts.client
) -> some ApplicationProtocol {
  let router = Router()
  router.add(middleware: WorldMiddleware())
  Routes.add(to: router, catFacts: catFacts)
  return Application(
    router: router,
    configuration: .init(address: .hostname(options.hostname, port: options.port)))
}
