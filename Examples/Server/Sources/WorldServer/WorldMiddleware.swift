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
  public static var timeZoneHeader: HTTPField.Name { RequestWorlds.timeZoneHeader }

  private let server: SharedWorld
  private let worlds: RequestWorlds

  /// A middleware whose requests start from the world that `Current` sees
  /// where it is made: the process's world in a server, a test's own world
  /// in a test.
  public init(negotiation: LanguageNegotiation = LanguageNegotiation()) {
    server = SharedWorld()
    worlds = RequestWorlds(negotiation: negotiation)
  }

  /// Runs `next` in the request's world, or answers `400` for an unknown
  /// `Time-Zone`, and wraps the response body so it is written in that
  /// world too.
  public func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let headers = RequestWorlds.Headers(request.headers)
    guard let built = worlds.world(for: headers, from: server.run { Current }) else {
      return .error(
        .badRequest,
        "Time-Zone: \(headers.zone ?? "") is not an IANA time zone identifier, such as "
          + "Europe/Madrid.",
        header: "Time-Zone")
    }
    return try await withWorld(built.world) {
      var response = try await next(request, context)
      // Appended when the handler named none, which is the common case:
      // replacing searches the fields and makes an array.
      if response.headers.contains(.contentLanguage) {
        response.headers[fields: .contentLanguage] = [built.contentLanguage]
      } else {
        response.headers.append(built.contentLanguage)
      }
      response.body = try await WorldBody.keeping(response.body)
      return response
    }
  }
}

extension Locale {
  /// The locale as a BCP 47 tag (`es-AR`), as `Content-Language` and the
  /// JSON answers spell it. Made from the identifier: on Linux the
  /// autoupdating locale answers its identifier (`en_001`) unconverted.
  public var languageTag: String { Locale(identifier: identifier).identifier(.bcp47) }
}
