#if Hummingbird
  import CurrentWorld
  import CurrentWorldServer
  import HTTPTypes
  import Hummingbird
  import Logging

  /// Runs each request in a world of its own, made from the server's world.
  ///
  /// - `locale` is negotiated from `Accept-Language` (RFC 4647 lookup among
  ///   the supported languages) and echoed in `Content-Language`; a malformed
  ///   header gives the server's locale, as HTTP allows;
  /// - `timeZone` comes from a `Time-Zone` header holding an IANA
  ///   identifier; an unknown one is answered `400` with Hummingbird's JSON
  ///   error, naming the header;
  /// - `calendar` follows the negotiated locale (CurrentWorldServer's `RequestCalendar`);
  /// - `logger`, and swift-log's `Logger.current`, is `context.logger`,
  ///   with the request's ID, or the logger the server's world was given,
  ///   with the request's metadata added (which then becomes
  ///   `context.logger`), bound with `withLogger` (as Hummingbird's server
  ///   binds it, and its router tests do not);
  /// - `update`, if given, changes the request's world from the request: an
  ///   authenticated user, a request ID, a logger.
  ///
  /// Handlers, middleware after this one, and the response body, streamed
  /// ones included, read `Current` as app code does:
  ///
  /// ```swift
  /// let router = Router()
  /// router.add(middleware: WorldMiddleware())
  /// router.get("now") { _, _ in
  ///   Current.dateFormatter(dateStyle: .full, timeStyle: .full).string(from: Current.date())
  /// }
  /// ```
  ///
  /// Add it where `Current` is the world that requests start from: in `main`
  /// after `World.bootstrap`, or in a test's own world.
  public struct WorldMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Changes a request's world from the request, after its headers did.
    public typealias Update =
      @Sendable (_ world: inout World, _ request: Request, _ context: Context)
      async throws -> Void

    /// `Time-Zone`, the header that names a request's time zone by default.
    public static var timeZoneHeader: HTTPField.Name { HTTPField.Name("Time-Zone")! }

    private let server: SharedWorld
    private let worlds: RequestWorlds
    private let update: Update?

    /// A middleware whose requests start from the world that `Current` sees
    /// where it is made.
    ///
    /// - Parameters:
    ///   - languages: The languages the server supports: every locale the
    ///     platform has, by default.
    ///   - timeZoneHeader: The header that names the request's time zone.
    ///   - calendar: Whether a request's calendar follows its locale.
    ///   - update: Changes each request's world from the request; thrown
    ///     errors reach Hummingbird as a handler's would.
    public init(
      languages: LanguageNegotiation = LanguageNegotiation(),
      timeZoneHeader: HTTPField.Name = Self.timeZoneHeader,
      calendar: RequestCalendar = .followsLocale,
      update: Update? = nil
    ) {
      server = SharedWorld()
      worlds = RequestWorlds(
        languages: languages, timeZoneHeader: timeZoneHeader.rawName, calendar: calendar)
      self.update = update
    }

    /// Runs `next` in the request's world, and wraps the response body so
    /// that it is written in that world too.
    ///
    /// - Throws: `HTTPError(.badRequest)` for a time zone that is not an IANA
    ///   identifier, or what `update` throws.
    public func handle(
      _ request: Request, context: Context,
      next: (Request, Context) async throws -> Response
    ) async throws -> Response {
      var made: RequestWorld
      do {
        made = try worlds.world(
          fields: request.headers, name: { $0.name.rawName }, value: { $0.value },
          from: server.world)
      } catch {
        throw HTTPError(.badRequest, message: error.description)
      }
      if let update { try await update(&made.world, request, context) }
      var context = context
      if let given = made.world.takeGivenLogger(for: context.logger) { context.logger = given }
      let contentLanguage = HTTPField(name: .contentLanguage, value: made.contentLanguage)
      // Bound here too: Hummingbird's server binds `context.logger` around
      // each request, and its router tests bind none.
      return try await withLogger(context.logger) { _ in
        try await withWorld(made.world) {
          var response = try await next(request, context)
          // Appended when the handler named none, which is the common case:
          // replacing searches the fields and makes an array.
          if response.headers.contains(.contentLanguage) {
            response.headers[fields: .contentLanguage] = [contentLanguage]
          } else {
            response.headers.append(contentLanguage)
          }
          response.body = try await WorldBody.keeping(response.body)
          return response
        }
      }
    }
  }
#endif
