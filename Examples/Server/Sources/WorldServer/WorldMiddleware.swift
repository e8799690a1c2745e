import CurrentWorld
import Foundation
import HTTPTypes
import Hummingbird

/// Runs each request in a world of its own, made from the server's world:
///
/// - `locale` negotiated from `Accept-Language` (a malformed header gives
///   the server's locale, as HTTP allows), and echoed in `Content-Language`;
/// - `timeZone` from a `Time-Zone` header holding an IANA identifier; an
///   unknown one is answered `400` with a JSON error naming the header.
///
/// Handlers read `Current` as app code does. The response body is written
/// in the request's world too, even when it streams after the handler has
/// returned, which is after this middleware's scope has ended.
public struct WorldMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The header that names the request's time zone.
  public static var timeZoneHeader: HTTPField.Name { HTTPField.Name("Time-Zone")! }

  private let server: SharedWorld
  private let places: RequestPlaces

  /// A middleware whose requests start from the world that `Current` sees
  /// where it is made: the process's world in a server, a test's own world
  /// in a test.
  public init(negotiation: LanguageNegotiation = LanguageNegotiation()) {
    server = SharedWorld()
    places = RequestPlaces(negotiation: negotiation)
  }

  /// Runs `next` in the request's world, or answers `400` for an unknown
  /// `Time-Zone`, and wraps the response body so it is written in that
  /// world too.
  public func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    try await server.run {
      let base = Current
      let headers = RequestPlaces.Headers(
        language: request.headers[.acceptLanguage], zone: request.headers[Self.timeZoneHeader])
      let built: RequestPlaces.Built
      if let known = places.world(for: headers, from: base) {
        built = known
      } else {
        guard let made = build(headers, from: base) else {
          return .error(
            .badRequest,
            "Time-Zone: \(headers.zone ?? "") is not an IANA time zone identifier, such as "
              + "Europe/Madrid.",
            header: "Time-Zone")
        }
        places.remember(made, for: headers)
        built = made
      }
      let (world, tag) = (built.world, built.tag)
      return try await withWorld(world) {
        let requestWorld = SharedWorld()
        var response = try await next(request, context)
        response.headers[.contentLanguage] = tag
        response.body = try await WorldBody.keeping(response.body, in: requestWorld)
        return response
      }
    }
  }
}

extension WorldMiddleware {
  /// The world for a request with `headers`, from `base`, or `nil` if its
  /// `Time-Zone` is not an IANA name.
  fileprivate func build(_ headers: RequestPlaces.Headers, from base: World) -> RequestPlaces.Built?
  {
    var world = base
    let language = headers.language.flatMap(places.language(for:))
    var zone = world.timeZone
    if let name = headers.zone {
      guard let named = places.zone(named: name) else { return nil }
      zone = named
    }
    if language != nil || zone != world.timeZone {
      let locale = language?.locale ?? world.locale
      // The calendar first, already in the new locale and zone, so that
      // the two writes after it find nothing to realign.
      world.calendar = places.calendar(world.calendar, locale: locale, zone: zone)
      world.locale = locale
      world.timeZone = zone
    }
    return RequestPlaces.Built(
      base: base, world: world, tag: language?.tag ?? world.locale.languageTag)
  }
}

extension Locale {
  /// The locale as a BCP 47 tag (`es-AR`), as `Content-Language` and the
  /// JSON answers spell it. Made from the identifier: on Linux the
  /// autoupdating locale answers its identifier (`en_001`) unconverted.
  public var languageTag: String { Locale(identifier: identifier).identifier(.bcp47) }
}
