import CurrentWorldVapor
import Foundation
@_exported import ServerCommandLine
import Vapor

/// What `GET /now` answers: the world's date, formatted in the request's
/// locale and time zone, and the two it used.
public struct NowBody: Content, Equatable {
  /// `Current.date()` with `DateFormatter`'s `.full` date and time styles.
  public var text: String
  /// The request's locale, as a BCP 47 tag (`es-AR`).
  public var locale: String
  /// The request's time zone, as an IANA identifier.
  public var timeZone: String

  /// An answer from its three fields.
  public init(text: String, locale: String, timeZone: String) {
    self.text = text
    self.locale = locale
    self.timeZone = timeZone
  }
}

/// The server: the world middleware, then the routes, which read `Current`
/// with nothing injected.
///
/// Configure it where `Current` is the world requests should start from:
/// after `World.bootstrap` in `main`, or inside a test's own world.
/// `GET /catfact` calls the cat fact service at `catFactServer` through
/// `req.client`, which answers from the request's world.
public func configure(
  _ app: Application, _ options: ServerOptions,
  catFactServer: String = "https://catfact.ninja"
) {
  app.http.server.configuration.hostname = options.hostname
  app.http.server.configuration.port = options.port
  app.middleware.use(WorldMiddleware())
  app.clients.use(.world)
  app.get("now") { _ in now() }
  app.get("countdown") { req in try countdown(req) }
  app.get("catfact") { req async throws in try await catFact(req, server: catFactServer) }
}

/// A fact about cats, as the cat fact service serves it.
public struct CatFact: Content, Equatable {
  /// The fact.
  public var fact: String
  /// The length of the fact, as the service reports it.
  public var length: Int

  /// A fact and its length.
  public init(fact: String, length: Int) {
    self.fact = fact
    self.length = length
  }
}

/// `GET /catfact`, from an async route: the service's `GET /fact`, sent
/// through `req.client` in the request's world.
func catFact(_ req: Request, server: String) async throws -> CatFact {
  let response = try await req.client.get(URI(string: server + "/fact"))
  guard response.status == .ok else {
    throw Abort(.badGateway, reason: "The cat fact service answered \(response.status.code).")
  }
  return try response.content.decode(CatFact.self)
}

/// `GET /now`, from a synchronous route closure.
func now() -> NowBody {
  NowBody(
    text: Current.dateFormatter(dateStyle: .full, timeStyle: .full).string(from: Current.date()),
    locale: Locale(identifier: Current.locale.identifier).identifier(.bcp47),
    timeZone: Current.timeZone.identifier)
}

/// The most lines a countdown streams.
let longestCountdown = 600

/// `GET /countdown?from=N`: N lines, one a second on `Current.clock`,
/// streamed after the route returns, so made in the request's world.
func countdown(_ req: Request) throws -> Response {
  guard let from = req.query[Int.self, at: "from"], (1...longestCountdown).contains(from) else {
    throw Abort(.badRequest, reason: "Say where to count from: /countdown?from=5 (1 to 600).")
  }
  let body = Response.Body(
    asyncStream: { writer in
      for left in stride(from: from, to: 0, by: -1) {
        if left < from { try await Current.clock.sleep(for: .seconds(1)) }
        try await writer.write(.buffer(ByteBuffer(string: countdownLine(left) + "\n")))
      }
      try await writer.write(.end)
    }, in: req)
  return Response(
    status: .ok, headers: ["Content-Type": "text/plain; charset=utf-8"], body: body)
}

/// One countdown line, in the world it runs in.
func countdownLine(_ secondsLeft: Int) -> String {
  let now = Current.date()
  let end = Current.relativeFormatted(
    now.addingTimeInterval(TimeInterval(secondsLeft)), presentation: .numeric)
  let time = Current.dateFormatter(dateStyle: .none, timeStyle: .long).string(from: now)
  return "\(end) · \(time)"
}
