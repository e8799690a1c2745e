import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSession {
  /// A session that answers from a HAR file instead of the network, or
  /// records its answers there: one line in a test, for that test alone,
  /// while other tests replay their own files in parallel.
  ///
  /// ```swift
  /// Current.urlSession = .replaying("Recordings/weather.har")
  /// ```
  ///
  /// It matches, orders, records and redacts exactly as
  /// ``HTTPClient/replaying(_:mode:redacting:strict:fileID:filePath:line:column:)``
  /// does, on the same engine, so a file recorded through either replays
  /// through the other. A request with no recorded answer fails the test
  /// whose world made the session, and is never sent. A redirect is an
  /// entry of its own, followed from the file; the session's delegate is
  /// not asked about it.
  ///
  /// An upload task (`upload(for:from:)`) hands its body to `URLSession`
  /// where no `URLProtocol` sees it, on Apple's systems and Linux alike:
  /// it is matched whatever its body, and cannot be recorded; record the
  /// same request with `data(for:)` and the body as its `httpBody`.
  ///
  /// A session made in a test's world answers only while that world
  /// lasts: a request sent after the test ended fails, and says so.
  ///
  /// - Parameters:
  ///   - path: The file, relative to the folder of the file that calls this
  ///     (for a test, next to the test file), or absolute.
  ///   - mode: Whether to replay or record; the environment variable
  ///     `CURRENTWORLD_RECORD` can ask for more recording (see ``HARMode``).
  ///   - redacting: Names of headers, query items and form or JSON fields to
  ///     write as `REDACTED`, besides those always hidden.
  ///   - strict: Whether answers that no request took fail the test too,
  ///     as its world ends.
  ///   - fileID: Where issues point; the caller's file by default.
  ///   - filePath: The caller's file, which a relative `path` is resolved
  ///     against.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    _ path: String,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSession {
    SessionRoute.session(
      .replaying(
        path, mode: mode, redacting: redacting, strict: strict, fileID: fileID,
        filePath: filePath, line: line, column: column))
  }

  /// A session that answers from the HAR file at `file`, or records its
  /// answers there; for a file in a test bundle. See
  /// ``replaying(_:mode:redacting:strict:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - file: The HAR file.
  ///   - mode: Whether to replay or record (see ``HARMode``).
  ///   - redacting: Names to write as `REDACTED`, besides those always
  ///     hidden.
  ///   - strict: Whether answers that no request took fail the test too.
  ///   - fileID: Where issues point.
  ///   - filePath: Where issues point.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    contentsOf file: URL,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSession {
    SessionRoute.session(
      .replaying(
        contentsOf: file, mode: mode, redacting: redacting, strict: strict, fileID: fileID,
        filePath: filePath, line: line, column: column))
  }

  /// A session that answers from an archive already read; it never
  /// records. See
  /// ``replaying(_:mode:redacting:strict:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - archive: The exchanges to answer from.
  ///   - redacting: Names of query items and JSON fields that requests are
  ///     matched without.
  ///   - strict: Whether answers that no request took fail the test too.
  ///   - fileID: Where issues point.
  ///   - filePath: Where issues point.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    _ archive: HTTPArchive,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSession {
    SessionRoute.session(
      .replaying(
        archive, redacting: redacting, strict: strict, fileID: fileID, filePath: filePath,
        line: line, column: column))
  }
}

extension URLSessionConfiguration {
  /// A copy of `base` whose sessions answer from a HAR file, or record
  /// their answers there: for a library that makes its own session from a
  /// configuration (Alamofire's `Session(configuration:)`).
  ///
  /// Each call makes a configuration of its own, answered from its own
  /// file: sessions made from it share that file's answers. Recording
  /// sends through a session made from `base`. Otherwise it behaves as
  /// ``URLSession/replaying(_:mode:redacting:strict:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - path: The file, relative to the folder of the file that calls this,
  ///     or absolute.
  ///   - mode: Whether to replay or record (see ``HARMode``).
  ///   - redacting: Names to write as `REDACTED`, besides those always
  ///     hidden.
  ///   - strict: Whether answers that no request took fail the test too.
  ///   - base: The configuration copied; the replay's protocol class comes
  ///     before its own.
  ///   - fileID: Where issues point.
  ///   - filePath: The caller's file, which a relative `path` is resolved
  ///     against.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    _ path: String,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    basedOn base: URLSessionConfiguration = .ephemeral,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSessionConfiguration {
    replaying(
      contentsOf: HARTransport.file(path, besides: filePath), mode: mode, redacting: redacting,
      strict: strict, basedOn: base, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  /// A copy of `base` whose sessions answer from the HAR file at `file`,
  /// or record their answers there. See
  /// ``replaying(_:mode:redacting:strict:basedOn:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - file: The HAR file.
  ///   - mode: Whether to replay or record (see ``HARMode``).
  ///   - redacting: Names to write as `REDACTED`, besides those always
  ///     hidden.
  ///   - strict: Whether answers that no request took fail the test too.
  ///   - base: The configuration copied.
  ///   - fileID: Where issues point.
  ///   - filePath: Where issues point.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    contentsOf file: URL,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    basedOn base: URLSessionConfiguration = .ephemeral,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSessionConfiguration {
    let transport = HARTransport(
      file: file, mode: mode, redaction: redacting, strict: strict,
      place: .init(fileID: fileID, filePath: filePath, line: line, column: column),
      sessionHeaders: HARTransport.sessionHeaders(of: base))
    return SessionRoute.replaying(transport, base: base).configuration(base: base)
  }

  /// A copy of `base` whose sessions answer from an archive already read;
  /// they never record. See
  /// ``replaying(_:mode:redacting:strict:basedOn:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - archive: The exchanges to answer from.
  ///   - redacting: Names of query items and JSON fields that requests are
  ///     matched without.
  ///   - strict: Whether answers that no request took fail the test too.
  ///   - base: The configuration copied.
  ///   - fileID: Where issues point.
  ///   - filePath: Where issues point.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    _ archive: HTTPArchive,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    basedOn base: URLSessionConfiguration = .ephemeral,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSessionConfiguration {
    let transport = HARTransport(
      archive: archive, redaction: redacting, strict: strict,
      place: .init(fileID: fileID, filePath: filePath, line: line, column: column))
    return SessionRoute.replaying(transport, base: base).configuration(base: base)
  }
}
