import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What a test replays: a HAR file, or an archive already read, and how
/// to replay it. Every `replaying` call takes one.
///
/// A string names a file relative to the file of the `replaying` call;
/// the static functions add options:
///
/// ```swift
/// Current.urlSession = .replaying("Recordings/weather.har")
/// Current.catFactAPI = .live(client: client.replaying(.file("Recordings/catfact.har", strict: true)))
/// ```
///
/// A request matches a recorded one by method, URL path, query (in any
/// order) and body; the same request made again takes the next answer
/// recorded for it. A request with no recorded answer fails the running
/// test, naming the closest recorded one, and is never sent.
public struct Recording: Sendable, ExpressibleByStringInterpolation {
  enum Source: Sendable {
    /// A path resolved against the file of the `replaying` call.
    case path(String)
    case file(URL)
    case archive(HTTPArchive)
  }

  let source: Source
  let mode: HARMode
  let redaction: HARRedaction
  let strict: Bool

  /// The file at `path`, relative to the folder of the file that calls
  /// `replaying` (for a test, next to the test file), or absolute;
  /// replayed, never recorded unless `CURRENTWORLD_RECORD` asks.
  public init(stringLiteral path: String) {
    self.init(source: .path(path), mode: .replay, redaction: HARRedaction(), strict: false)
  }

  /// The file at the interpolated path (`"Recordings/\(name).har"`),
  /// as a literal path is.
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.init(stringLiteral: String(stringInterpolation: stringInterpolation))
  }

  private init(source: Source, mode: HARMode, redaction: HARRedaction, strict: Bool) {
    self.source = source
    self.mode = mode
    self.redaction = redaction
    self.strict = strict
  }

  /// The HAR file at `path`, relative to the folder of the file that
  /// names it, or absolute.
  ///
  /// - Parameters:
  ///   - path: The file, relative to the folder of `filePath`, or absolute.
  ///   - mode: Whether to replay or record; the environment variable
  ///     `CURRENTWORLD_RECORD` can ask for more recording (see ``HARMode``).
  ///   - redacting: Names of headers, query items and form or JSON fields
  ///     to write as `REDACTED`, besides those always hidden.
  ///   - strict: Whether answers that no request took fail the test too,
  ///     as its world ends (`.world` or `WorldTestCase`); a client made
  ///     and used outside test worlds reports them when it is released.
  ///   - filePath: The file that a relative `path` is resolved against;
  ///     the caller's by default.
  public static func file(
    _ path: String,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false,
    filePath: StaticString = #filePath
  ) -> Recording {
    Recording(
      source: .file(HARTransport.file(path, besides: filePath)), mode: mode,
      redaction: redacting, strict: strict)
  }

  /// The HAR file at `file`: for a file in a test bundle. A bundle's
  /// files are copies made at build time, so record into the source
  /// folder (``file(_:mode:redacting:strict:filePath:)``) and replay from
  /// the bundle.
  ///
  /// - Parameters:
  ///   - file: The HAR file.
  ///   - mode: Whether to replay or record (see ``HARMode``).
  ///   - redacting: Names to write as `REDACTED`, besides those always
  ///     hidden.
  ///   - strict: Whether answers that no request took fail the test too.
  public static func contentsOf(
    _ file: URL,
    mode: HARMode = .replay,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false
  ) -> Recording {
    Recording(source: .file(file), mode: mode, redaction: redacting, strict: strict)
  }

  /// The exchanges of an archive already read; never recorded.
  ///
  /// - Parameters:
  ///   - archive: The exchanges to answer from.
  ///   - redacting: Names of query items and JSON fields that requests
  ///     are matched without.
  ///   - strict: Whether answers that no request took fail the test too.
  public static func archive(
    _ archive: HTTPArchive,
    redacting: HARRedaction = HARRedaction(),
    strict: Bool = false
  ) -> Recording {
    Recording(source: .archive(archive), mode: .replay, redaction: redacting, strict: strict)
  }

  /// The transport that answers from this recording for a `replaying`
  /// call at `place`, whose relative path it resolves; `sessionHeaders`
  /// are what the recording session adds to every request.
  package func transport(
    place: HARTransport.Place, sessionHeaders: [String: String] = [:]
  ) -> HARTransport {
    switch source {
    case .path(let path):
      HARTransport(
        file: HARTransport.file(path, besides: place.filePath), mode: mode,
        redaction: redaction, strict: strict, place: place, sessionHeaders: sessionHeaders)
    case .file(let file):
      HARTransport(
        file: file, mode: mode, redaction: redaction, strict: strict, place: place,
        sessionHeaders: sessionHeaders)
    case .archive(let archive):
      HARTransport(archive: archive, redaction: redaction, strict: strict, place: place)
    }
  }
}
