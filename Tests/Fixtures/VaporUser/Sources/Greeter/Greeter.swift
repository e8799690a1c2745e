import CurrentWorldVapor
import Vapor

/// The server's routes, each request in a world of its own.
public func routes(_ app: Application) {
  app.middleware.use(WorldMiddleware())
  app.get("today") { _ in
    Current.dateFormatter(dateStyle: .full, timeStyle: .none).string(from: Current.date())
  }
}
