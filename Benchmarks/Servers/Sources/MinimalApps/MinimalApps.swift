import CurrentWorldHummingbird
import CurrentWorldVapor
import Foundation
import Hummingbird
import Vapor

/// The 20 locale and time zone pairs that a measure spreads its requests
/// over: `Accept-Language` and `Time-Zone` values.
public let pairs: [(language: String, zone: String)] = [
  ("en-US", "America/New_York"), ("en-GB", "Europe/London"),
  ("es-AR", "America/Argentina/Buenos_Aires"), ("es-ES", "Europe/Madrid"),
  ("fr-FR", "Europe/Paris"), ("fr-CA", "America/Toronto"), ("de-DE", "Europe/Berlin"),
  ("it-IT", "Europe/Rome"), ("pt-BR", "America/Sao_Paulo"), ("ja-JP", "Asia/Tokyo"),
  ("ko-KR", "Asia/Seoul"), ("zh-Hans-CN", "Asia/Shanghai"), ("hi-IN", "Asia/Kolkata"),
  ("ar-EG", "Africa/Cairo"), ("ru-RU", "Europe/Moscow"), ("tr-TR", "Europe/Istanbul"),
  ("th-TH", "Asia/Bangkok"), ("sv-SE", "Europe/Stockholm"), ("he-IL", "Asia/Jerusalem"),
  ("en-AU", "Australia/Sydney"),
]

/// What `GET /now` answers: the request's date, written in its locale and
/// time zone. The same bytes with the middleware or without it, for a given
/// world.
func now() -> String {
  Current.dateFormatter(dateStyle: .full, timeStyle: .full).string(from: Current.date())
}

/// A minimal Hummingbird app: `GET /now`, and `GET /now-async`, the same
/// in an `async` route, after the world middleware when `worlds` is true.
public func hummingbirdRouter(worlds: Bool) -> Hummingbird.Router<BasicRequestContext> {
  let router = Hummingbird.Router()
  if worlds { router.add(middleware: CurrentWorldHummingbird.WorldMiddleware()) }
  router.get("now") { _, _ in now() }
  router.get("now-async") { _, _ async -> String in now() }
  return router
}

/// A minimal Vapor app: `GET /now`, a synchronous route, and
/// `GET /now-async`, the same in an `async` route (the style most Vapor
/// code is written in), after the world middleware when `worlds` is true.
public func configureVapor(_ app: Vapor.Application, worlds: Bool) {
  if worlds { app.middleware.use(CurrentWorldVapor.WorldMiddleware()) }
  app.get("now") { _ in now() }
  app.get("now-async") { _ async -> String in now() }
}
