import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPClient {
  /// This client, answering from a HAR file instead of the network, or
  /// recording its answers there: one line in a test, for that test's
  /// world alone.
  ///
  /// ```swift
  /// Current.catFactAPI = .live(client: .live(baseURL: CatFactAPI.defaultBaseURL).replaying("Fixtures/catfact.har"))
  /// ```
  ///
  /// A request matches a recorded one by method, URL path, query (in any
  /// order) and body; the same request made again takes the next answer
  /// recorded for it. A request with no recorded answer fails the running
  /// test, naming the request and the closest recorded one, and is never
  /// sent. A recording goes through this client's own transport and writes
  /// no secret (see ``HARRedaction``).
  ///
  /// - Parameters:
  ///   - recording: The file or archive, and how to replay it: a path
  ///     relative to the folder of the file that calls this (for a test,
  ///     next to the test file), ``Recording/file(_:mode:redacting:strict:filePath:)``
  ///     with options, ``Recording/contentsOf(_:mode:redacting:strict:)``
  ///     for a file in the test bundle, or ``Recording/archive(_:redacting:strict:)``.
  ///   - fileID: Where issues point; the caller's file by default.
  ///   - filePath: The caller's file, which a path given as a string is
  ///     resolved against.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public func replaying(
    _ recording: Recording,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> HTTPClient {
    replaying(
      recording.transport(
        place: .init(fileID: fileID, filePath: filePath, line: line, column: column),
        sessionHeaders: sessionHeaders))
  }

  private func replaying(_ har: HARTransport) -> HTTPClient {
    var client = self
    let (live, token, now) = (transport, self.token, self.now)
    client.transport = { request in
      // The token this request was sent with, if it was fetched for it;
      // else the source's, asked once, for what the server may echo.
      let fetched = TokenInUse.fetched
      let known: @Sendable () async -> String? = {
        if let fetched { return fetched }
        return await token()
      }
      try har.checkSentFromItsTest()
      // A redirect in the file (a session records each hop) is followed
      // from the file, as the session that recorded it followed it; never
      // with credentials to another origin, as the live client does not.
      var request = request
      for _ in 0...SessionRoute.redirectLimit {
        guard let answer = har.answerFromFile(request) else {
          // Sent and recorded: the client's own transport followed what
          // it follows.
          return try await har.record(request, live: live, token: known, now: now)
        }
        let (data, response) = try answer.get()
        guard
          let next = SessionRoute.redirect(
            of: request, by: response, credentials: SessionTransport.credentialHeaders)
        else { return (data, response) }
        request = next
      }
      throw URLError(.httpTooManyRedirects)
    }
    client.replay = har
    return client
  }
}

/// The token that ``HTTPClient`` fetched for the request it is sending:
/// `.some` (the token, or `nil` for none) while the transport runs for an
/// endpoint that requires authorization, else `nil`.
enum TokenInUse {
  @TaskLocal static var fetched: String??
}
