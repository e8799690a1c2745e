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
  /// ``HTTPClient/replaying(_:fileID:filePath:line:column:)``
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
  ///   - recording: The file or archive, and how to replay it: a path
  ///     relative to the folder of the file that calls this (for a test,
  ///     next to the test file), or one of ``Recording``'s forms with
  ///     options.
  ///   - fileID: Where issues point; the caller's file by default.
  ///   - filePath: The caller's file, which a path given as a string is
  ///     resolved against.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    _ recording: Recording,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSession {
    SessionRoute.session(
      .replaying(recording, fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension URLSessionConfiguration {
  /// A copy of `base` whose sessions answer from a HAR file, or record
  /// their answers there: for a library that makes its own session from a
  /// configuration (Alamofire's `Session(configuration:)`).
  ///
  /// ```swift
  /// let session = Session(configuration: .replaying("Recordings/forecast.har"))
  /// ```
  ///
  /// Each call makes a configuration of its own, answered from its own
  /// file: sessions made from it share that file's answers. Recording
  /// sends through a session made from `base`. Otherwise it behaves as
  /// ``URLSession/replaying(_:fileID:filePath:line:column:)``.
  ///
  /// - Parameters:
  ///   - recording: The file or archive, and how to replay it: a path
  ///     relative to the folder of the file that calls this, or one of
  ///     ``Recording``'s forms with options.
  ///   - base: The configuration copied; the replay's protocol class comes
  ///     before its own.
  ///   - fileID: Where issues point.
  ///   - filePath: The caller's file, which a path given as a string is
  ///     resolved against.
  ///   - line: Where issues point.
  ///   - column: Where issues point.
  public static func replaying(
    _ recording: Recording,
    basedOn base: URLSessionConfiguration = .ephemeral,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> URLSessionConfiguration {
    let transport = recording.transport(
      place: .init(fileID: fileID, filePath: filePath, line: line, column: column),
      sessionHeaders: HARTransport.sessionHeaders(of: base))
    return SessionRoute.replaying(transport, base: base).configuration(base: base)
  }
}
