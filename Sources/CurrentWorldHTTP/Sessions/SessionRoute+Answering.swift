import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Answering one request of a route's session: from its HAR file (following
// recorded redirects, one entry per hop), or by failing it, with the
// message that names the fix.

extension SessionRoute {
  /// The most redirects a request follows, as `URLSession` allows.
  static let redirectLimit = 16

  /// Starts watching the wait for `request`'s answer, as a wait of the
  /// test that made this route: one that lasts names that test. Returns
  /// what ends the watch; `nil` once the route's test world has ended.
  func beginLongWait(for request: URLRequest) -> (@Sendable () -> Void)? {
    guard let now = answeringNow else { return nil }
    return SessionWorld.beginLongWait(
      "an answer to \(Redaction.named(request)) through a URLSession that replays (where it "
        + "records, the server's)",
      fix: Self.longWaitFix, in: now.world, test: madeInTest)
  }

  /// What ends a replayed request's long wait, in the note that names its
  /// test.
  static let longWaitFix =
    "A request whose answer is in the file is answered at once: this one waits for the server "
    + "it is recorded from. Check that the server answers, or that the file has the answer."

  /// Answers `request`, giving the result to `deliver` once; returns the
  /// task to cancel when the answer is on its way rather than given.
  func answer(
    _ request: URLRequest, bodyUnseen: Bool,
    deliver: @escaping @Sendable (Result<(Data, URLResponse), any Error>) -> Void
  ) -> Task<Void, Never>? {
    SessionWorld.onLoadingThread {
      answerInWorld(request, bodyUnseen: bodyUnseen, deliver: deliver)
    }
  }

  private func answerInWorld(
    _ request: URLRequest, bodyUnseen: Bool,
    deliver: @escaping @Sendable (Result<(Data, URLResponse), any Error>) -> Void
  ) -> Task<Void, Never>? {
    guard let now = answeringNow else {
      deliver(.failure(failure(afterEndOf: request)))
      return nil
    }
    let world = now.world
    switch now.answerer {
    case .unarranged(let place):
      let message = Self.unarrangedMessage(request)
      SessionWorld.reportUnarranged(message, in: world, at: place)
      deliver(.failure(HARTransport.reported(message)))
      return nil
    case .replaying(let transport, let live):
      let world = world ?? SessionWorld()
      // A replay answers here, on the thread that started the request: no
      // task to start, and no thread to hand the answer to.
      if transport.answersAtOnce {
        deliver(world.runNow { Self.followFromFile(request, bodyUnseen: bodyUnseen, transport) })
        return nil
      }
      return Task {
        do {
          let answer = try await world.run {
            try await Self.follow(request, bodyUnseen: bodyUnseen, transport) {
              try await live.send($0)
            }
          }
          deliver(.success(answer))
        } catch {
          deliver(.failure(error))
        }
      }
    }
  }

  /// The answer to `request`, after the redirects recorded for it, each
  /// taken from the file (or sent through `live` and recorded) as a
  /// request of its own.
  static func follow(
    _ request: URLRequest, bodyUnseen: Bool, _ transport: HARTransport,
    live: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)
  ) async throws -> (Data, URLResponse) {
    var request = request
    var bodyUnseen = bodyUnseen
    for _ in 0...redirectLimit {
      let (data, response) = try await transport.send(
        request, bodyUnseen: bodyUnseen, live: live, token: { nil },
        now: { HTTPClient.worldNow() })
      guard let next = redirect(of: request, by: response) else { return (data, response) }
      bodyUnseen = bodyUnseen && next.httpMethod == request.httpMethod
      request = next
    }
    throw URLError(.httpTooManyRedirects)
  }

  /// The answer to `request`, after its recorded redirects, all taken
  /// from the file: for a transport that ``HARTransport/answersAtOnce``.
  private static func followFromFile(
    _ request: URLRequest, bodyUnseen: Bool, _ transport: HARTransport
  ) -> Result<(Data, URLResponse), any Error> {
    var request = request
    var bodyUnseen = bodyUnseen
    for _ in 0...redirectLimit {
      guard let answer = transport.answerFromFile(request, bodyUnseen: bodyUnseen) else {
        return .failure(URLError(.unknown))  // not from a transport that answers at once
      }
      guard case .success(let (_, response)) = answer,
        let next = redirect(of: request, by: response)
      else { return answer }
      bodyUnseen = bodyUnseen && next.httpMethod == request.httpMethod
      request = next
    }
    return .failure(URLError(.httpTooManyRedirects))
  }

  /// The request that `response` redirects `request` to, as `URLSession`
  /// makes it: a 303, and a 301 or 302 to a POST, become a GET without a
  /// body. `nil` for an answer that is not a redirect, and for a request
  /// carrying `Authorization` (or a header in `credentials`, lowercased)
  /// to another origin, which is not followed.
  static func redirect(
    of request: URLRequest, by response: URLResponse, credentials: Set<String> = []
  ) -> URLRequest? {
    guard let response = response as? HTTPURLResponse,
      [301, 302, 303, 307, 308].contains(response.statusCode),
      let location = response.value(forHTTPHeaderField: "Location"),
      let from = request.url,
      let to = URL(string: location, relativeTo: from)?.absoluteURL
    else { return nil }
    let named = credentials.union(["authorization"])
    let carries = (request.allHTTPHeaderFields ?? [:]).keys.contains {
      named.contains($0.lowercased())
    }
    if carries && SessionTransport.Origin(to) != SessionTransport.Origin(from) { return nil }
    var next = request
    next.url = to
    let method = request.httpMethod?.uppercased() ?? "GET"
    if response.statusCode == 303 || (method == "POST" && response.statusCode < 303) {
      next.httpMethod = "GET"
      next.httpBody = nil
      next.setValue(nil, forHTTPHeaderField: "Content-Type")
      next.setValue(nil, forHTTPHeaderField: "Content-Length")
    }
    return next
  }

  /// Why a request through the test world's `Current.urlSession` (or a
  /// client that reads it, named by `client`) was not sent, and the line
  /// that fixes it.
  static func unarrangedMessage(_ request: URLRequest, through client: String? = nil) -> String {
    let method = request.httpMethod ?? "GET"
    let url = request.url?.absoluteString ?? "a request without a URL"
    let sender = client.map { "\($0), which reads Current.urlSession" } ?? "Current.urlSession"
    return """
      \(method) \(url) was sent through \(sender), which a test world leaves \
      unarranged, so nothing was sent. Replay a recording in the test, before the code under \
      test sends (record it once with mode: .recordIfMissing):

          Current.urlSession = .replaying("Recordings/name.har")

      or set Current.urlSession to a session of your own.
      """
  }

  /// The failure of a request sent after the session's test world ended:
  /// thrown, not reported, since no test is left to fail.
  func failure(afterEndOf request: URLRequest) -> URLError {
    let method = request.httpMethod ?? "GET"
    let url = request.url?.absoluteString ?? "a request without a URL"
    let message = """
      \(method) \(url) was sent through a URLSession made \(madeAt), after that test's world \
      ended, so no test answers it and it was not sent. Make the session in the test that \
      sends through it (a static let keeps the first test's), and finish the work that sends \
      before the test ends.
      """
    return URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: message])
  }
}
