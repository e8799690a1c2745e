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
  ///   - path: The file, relative to the folder of the file that calls this
  ///     (for a test, next to the test file), or absolute. For a file in
  ///     the test bundle, use ``replaying(contentsOf:mode:redacting:strict:fileID:filePath:line:column:)``.
  ///   - mode: Whether to replay or record; the environment variable
  ///     `CURRENTWORLD_RECORD` can ask for more recording (see ``HARMode``).
  ///   - redacting: Names of headers, query items and JSON fields to write
  ///     as `REDACTED`, besides those always hidden.
  ///   - strict: Whether answers that no request took fail the test too,
  ///     as its world ends (`.world` or `WorldTestCase`); a client made
  ///     and used outside test worlds reports them when it is released.
  ///   - fileID: Where issues point; the caller's file by default.
  ///   - filePath: The caller's file, which a relative `path` is resolved
  ///     against.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public func replaying(
    _ path: String,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> HTTPClient {
    replaying(
      contentsOf: HARTransport.file(path, besides: filePath), mode: mode, redacting: redacting,
      strict: strict, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// This client, answering from the HAR file at `file`, or recording its
  /// answers there; for a file in a test bundle:
  ///
  /// ```swift
  /// let file = Bundle.module.url(forResource: "catfact", withExtension: "har")!
  /// Current.catFactAPI = .live(client: .live(baseURL: CatFactAPI.defaultBaseURL).replaying(contentsOf: file))
  /// ```
  ///
  /// A bundle's files are copies made at build time: record into the
  /// source folder (``replaying(_:mode:redacting:strict:fileID:filePath:line:column:)``)
  /// and replay from the bundle.
  ///
  /// - Parameters:
  ///   - file: The HAR file.
  ///   - mode: Whether to replay or record (see ``HARMode``).
  ///   - redacting: Names of headers, query items and JSON fields to write
  ///     as `REDACTED`, besides those always hidden.
  ///   - strict: Whether answers that no request took fail the test too,
  ///     as its world ends.
  ///   - fileID: Where issues point.
  ///   - filePath: Where issues point.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public func replaying(
    contentsOf file: URL,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> HTTPClient {
    replaying(
      HARTransport(
        file: file, mode: mode, redaction: redacting, strict: strict,
        place: .init(fileID: fileID, filePath: filePath, line: line, column: column),
        sessionHeaders: sessionHeaders))
  }

  /// This client, answering from an archive already read; it never
  /// records.
  ///
  /// - Parameters:
  ///   - archive: The exchanges to answer from.
  ///   - redacting: Names of query items and JSON fields that requests
  ///     are matched without.
  ///   - strict: Whether answers that no request took fail the test too,
  ///     as its world ends.
  ///   - fileID: Where issues point.
  ///   - filePath: Where issues point.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public func replaying(
    _ archive: HTTPArchive,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> HTTPClient {
    replaying(
      HARTransport(
        archive: archive, redaction: redacting, strict: strict,
        place: .init(fileID: fileID, filePath: filePath, line: line, column: column)))
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
