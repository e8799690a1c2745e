import CatFactClient
import CurrentWorldHummingbird
import Foundation
import Hummingbird

/// What `GET /now` answers: the world's date, formatted in the request's
/// locale and time zone, and the two it used.
public struct NowBody: Codable, Equatable, Sendable {
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

/// The server's endpoints. Handlers read `Current`, with nothing injected.
public enum Routes {
  /// The most lines a countdown streams.
  static let longestCountdown = 600

  /// Adds `GET /now`, `/catfact`, `/catfact/generated` and `/countdown` to
  /// `router`, after the middleware it already has; `/catfact/generated`
  /// calls `catFacts`.
  public static func add(
    to router: some RouterMethods<some RequestContext>,
    catFacts: some APIProtocol = GeneratedCatFacts.client
  ) {
    router.get("now") { _, _ in now() }
    router.get("catfact") { _, _ in await catFact() }
    router.get("catfact/generated") { _, _ in await generatedCatFact(catFacts) }
    router.get("countdown") { request, _ in countdown(request) }
  }

  /// `GET /now`.
  static func now() -> Response {
    let text = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
      .string(from: Current.date())
    return .json(
      NowBody(
        text: text, locale: Current.locale.languageTag,
        timeZone: Current.timeZone.identifier))
  }

  /// `GET /catfact`: `Current.catFactAPI`, as JSON.
  static func catFact() async -> Response {
    do {
      return .json(try await Current.catFactAPI.fetchFact())
    } catch let error as UnimplementedError {
      return .error(.serviceUnavailable, error.description)
    } catch {
      return .error(.badGateway, "The cat fact service failed: \(error)")
    }
  }

  /// `GET /countdown?from=N`: N lines, one a second on `Current.clock`,
  /// streamed after the handler returns. Each says how long is left, as
  /// the request's world says it ("in 3 seconds", "dentro de 3 segundos"),
  /// and the time of day in the request's time zone.
  static func countdown(_ request: Request) -> Response {
    guard let text = request.uri.queryParameters["from"] else {
      return .error(.badRequest, "Say where to count from: /countdown?from=5", parameter: "from")
    }
    guard let from = Int(text), (1...longestCountdown).contains(from) else {
      return .error(
        .badRequest, "from=\(text) is not a whole number from 1 to \(longestCountdown).",
        parameter: "from")
    }
    let body = ResponseBody { writer in
      for left in stride(from: from, to: 0, by: -1) {
        if left < from { try await Current.clock.sleep(for: .seconds(1)) }
        try await writer.write(ByteBuffer(string: countdownLine(left) + "\n"))
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: body)
  }

  /// One countdown line, in the world it runs in.
  static func countdownLine(_ secondsLeft: Int) -> String {
    let now = Current.date()
    let end = Current.relativeFormatted(
      now.addingTimeInterval(TimeInterval(secondsLeft)), presentation: .numeric)
    let time = Current.dateFormatter(dateStyle: .none, timeStyle: .long).string(from: now)
    return "\(end) · \(time)"
  }
}
