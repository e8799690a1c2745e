import CurrentWorldHummingbird
import Hummingbird

/// The server's routes, each request in a world of its own.
public func buildRouter() -> Router<BasicRequestContext> {
  let router = Router()
  router.add(middleware: WorldMiddleware())
  router.get("today") { _, _ in
    Current.dateFormatter(dateStyle: .full, timeStyle: .none).string(from: Current.date())
  }
  return router
}
