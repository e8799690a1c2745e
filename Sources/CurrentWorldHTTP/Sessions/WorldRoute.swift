import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// For clients that read the world at each send rather than hold a session
// (the OpenAPI transport, Vapor's client): a request goes where the world
// in effect sends `Current.urlSession`'s, on the same engine.

/// Where the world in effect sends a request of a client that reads it at
/// each send: to the recording that `Current.urlSession` replays, to the
/// failure of a test world that arranged none, or live.
package struct WorldRoute: Sendable {
  /// `nil` for a session that CurrentWorld made and that was invalidated
  /// since: its route is gone, and it is no live world.
  private let route: SessionRoute?
  /// How the client is named in messages (`the OpenAPI transport`).
  private let client: String

  /// The route of the world in effect for a request of `client`; `nil`
  /// when it goes live: `Current.urlSession` is not a session that
  /// CurrentWorld made (`URLSession.shared`, a session of the app's).
  package static func inEffect(client: String) -> WorldRoute? {
    let session = SessionWorld.sessionInEffect
    // The live world's session, asked first: a configuration is a copy.
    guard session !== URLSession.shared,
      let routed = session.configuration.protocolClasses?.first as? any RoutedClass.Type
    else { return nil }
    // A replaying session invalidated (as a test does to write its
    // recording) has no route left: it fails rather than send live.
    return WorldRoute(route: SessionRoute.route(tagged: routed.tag), client: client)
  }

  /// The answer to `request`: from the recording, after its recorded
  /// redirects, each sent through `live` and recorded where the recording
  /// records; or the test's failure, reported and thrown, with nothing
  /// sent.
  package func send(
    _ request: URLRequest,
    live: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
  ) async throws -> (Data, HTTPURLResponse) {
    guard let route else { throw invalidated(request) }
    guard let now = route.answeringNow else { throw route.failure(afterEndOf: request) }
    switch now.answerer {
    case .unarranged(let place):
      let message = SessionRoute.unarrangedMessage(request, through: client)
      SessionWorld.reportUnarranged(message, in: now.world, at: place)
      throw HARTransport.reported(message)
    case .replaying(let transport, _):
      try transport.checkSentFromItsTest()
      let (data, response) = try await HTTPClient.watchingLongWait(
        "an answer to \(Redaction.named(request)) through \(client), replayed (where it records, "
          + "the server's)",
        fix: SessionRoute.longWaitFix
      ) {
        try await SessionRoute.follow(request, bodyUnseen: false, transport) { try await live($0) }
      }
      guard let response = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
      return (data, response)
    }
  }

  /// The failure of a request through a session that `replaying` made and
  /// that was invalidated: nothing is sent.
  private func invalidated(_ request: URLRequest) -> URLError {
    let method = request.httpMethod ?? "GET"
    let url = request.url?.absoluteString ?? "a request without a URL"
    let message = """
      \(method) \(url) was sent through \(client), which reads Current.urlSession, and \
      Current.urlSession is a session that CurrentWorld made and that was invalidated since \
      (finishTasksAndInvalidate or invalidateAndCancel), so it was not sent. Set \
      Current.urlSession to a session that replays, or to a live one, before sending again.
      """
    return URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: message])
  }
}
