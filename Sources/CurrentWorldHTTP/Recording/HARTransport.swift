internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The transport's state, its phases, and the file it reads; replaying,
// recording and the strict check are in the files beside this one.

/// A client's transport over one HAR file: it answers from the file, or
/// sends each request on the client's own transport and records the
/// exchange, as its mode says. One per replaying client, so tests that run
/// in parallel never share one.
package final class HARTransport: Sendable {
  /// Where the file is; `nil` for an archive read by the caller.
  let file: URL?
  let mode: HARMode
  let redaction: HARRedactor.Names
  let strict: Bool
  let place: Place
  let state: Locked<State>
  /// The test whose world was in effect where the client was made, if
  /// any: a request from another test's world is refused, since it would
  /// answer from this test's file and report to this test.
  let madeIn: (id: ObjectIdentifier, name: String)? = SessionWorld.namedTestInEffect
  /// A test's seam: changes each entry after redaction, as a redaction
  /// that missed a path would, so that a test can show the last check
  /// before writing catches it. `nil` outside those tests.
  let afterRedaction: (@Sendable (inout HAR.Entry) -> Void)?
  /// The headers that the session recording through this transport adds
  /// to every request (its configuration's `httpAdditionalHeaders`): a
  /// request does not show them, and a server may echo them.
  let sessionHeaders: [String: String]

  /// The `replaying` call, where issues point.
  package struct Place: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    package init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
      self.fileID = fileID
      self.filePath = filePath
      self.line = line
      self.column = column
    }
  }

  struct State: Sendable {
    var phase = Phase.unresolved
    /// The file's exchanges, while replaying.
    var recorded: [Recorded] = []
    /// The indices in ``recorded`` of the answers not yet given, by method
    /// and path, in the file's order: a request looks at its own route's
    /// answers only, however long the file is.
    var unused: [String: [Int]] = [:]
    /// The routes of ``unused`` whose path has a hidden segment, which
    /// matches any segment.
    var hiddenRoutes: [String] = []
    /// The file's recording in this process, shared with every other
    /// transport that records it, and this transport's number in it;
    /// `nil` while the transport only replays.
    var recording: (shared: FileRecording, member: Int)?
    /// The entries of ``recording`` that other transports recorded and
    /// this one answered with.
    var usedInRecording: Set<Int> = []
    /// Whether the test whose world recorded writes the recording as it
    /// ends.
    var endsAtTestEnd = false
    /// Whether a strict replay's unused answers are checked at a test's
    /// end, which reports them against that test.
    var checkedAtTestEnd = false
    /// Whether the unused answers were reported, or found to be none.
    var checked = false

    /// Replays `recorded`, every answer unused.
    mutating func load(_ recorded: [Recorded]) {
      self.recorded = recorded
      unused = Dictionary(grouping: recorded.indices) { recorded[$0].key.route }
      hiddenRoutes = Set(recorded.filter(\.key.hasHiddenSegment).map(\.key.route)).sorted()
    }
  }

  enum Phase: Sendable {
    case unresolved
    case failed(HARError)
    case replaying
    case recording
  }

  /// A recorded exchange and the key it is matched by.
  struct Recorded: Sendable {
    var exchange: HTTPArchive.Exchange
    var key: RequestKey
  }

  init(
    file: URL, mode: HARMode, redaction: HARRedaction, strict: Bool, place: Place,
    sessionHeaders: [String: String] = [:],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    afterRedaction: (@Sendable (inout HAR.Entry) -> Void)? = nil
  ) {
    self.file = file
    self.sessionHeaders = sessionHeaders
    self.afterRedaction = afterRedaction
    self.mode = mode.effective(environment: environment)
    self.redaction = HARRedactor.Names(redaction)
    self.strict = strict
    self.place = place
    state = Locked(State())
    checkAtTestEnd()
  }

  init(archive: HTTPArchive, redaction: HARRedaction, strict: Bool, place: Place) {
    file = nil
    sessionHeaders = [:]
    mode = .replay
    self.redaction = HARRedactor.Names(redaction)
    self.strict = strict
    self.place = place
    afterRedaction = nil
    var state = State(phase: .replaying)
    state.load(Self.keyed(archive, self.redaction))
    self.state = Locked(state)
    checkAtTestEnd()
  }

  /// The file at `path`: absolute, or relative to the folder of
  /// `filePath`, the file that calls `replaying`.
  static func file(_ path: String, besides filePath: StaticString) -> URL {
    path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(path)
  }

  /// The headers that sessions made from `configuration` add to every
  /// request, as text.
  static func sessionHeaders(of configuration: URLSessionConfiguration) -> [String: String] {
    var headers: [String: String] = [:]
    for (name, value) in configuration.httpAdditionalHeaders ?? [:] {
      headers["\(name)"] = "\(value)"
    }
    return headers
  }

  /// What the file is called in messages.
  var name: String { file?.path ?? "the archive" }

  deinit {
    endRecording()
    reportUnused()
  }

  /// Whether a request is answered without waiting: from the file, or
  /// with the error that the file cannot be read; not while recording, nor
  /// when a request with no answer is sent (``HARMode/recordNew``).
  var answersAtOnce: Bool {
    guard mode != .recordNew else { return false }
    return state.withLock { state in
      if case .unresolved = state.phase { resolve(&state) }
      if case .recording = state.phase { return false }
      return true
    }
  }

  /// Answers `request` from the file, or sends it with `live` and records
  /// the exchange.
  ///
  /// - Parameter bodyUnseen: Whether the request's body was out of sight
  ///   (an upload task's, to a `URLProtocol`): it then matches a recorded
  ///   request whatever its body, and is never recorded, since it would be
  ///   sent without its body.
  func send(
    _ request: URLRequest, bodyUnseen: Bool = false,
    live: @Sendable (URLRequest) async throws -> (Data, URLResponse),
    token: @Sendable () async -> String?, now: @Sendable () -> Date
  ) async throws -> (Data, URLResponse) {
    if let answer = answerFromFile(request, bodyUnseen: bodyUnseen) { return try answer.get() }
    return try await record(request, live: live, token: token, now: now)
  }

  /// The answer the file gives `request`, or why it gives none; `nil` when
  /// the request is to be sent and recorded instead. Never `nil` when
  /// ``answersAtOnce``.
  func answerFromFile(_ request: URLRequest, bodyUnseen: Bool = false) -> Result<
    (Data, URLResponse), any Error
  >? {
    checkAtTestEnd()
    let phase = state.withLock { state in
      if case .unresolved = state.phase { resolve(&state) }
      return state.phase
    }
    switch phase {
    case .unresolved, .replaying:
      let key = RequestKey(
        method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
        body: request.httpBody ?? Data(), encoding: ContentCoding.encoding(of: request),
        redaction: redactor(for: request, token: nil), bodyUnseen: bodyUnseen)
      switch take(key) {
      case .success(let exchange): return Result { try answer(request, key: key, with: exchange) }
      case .failure where mode == .recordNew && bodyUnseen: return .failure(unrecordable(key))
      case .failure where mode == .recordNew:
        return nil
      case .failure where mode == .replayThrowingMisses:
        return .failure(
          APIError.noRecordedAnswer(
            url: request.url ?? URL(fileURLWithPath: "/"), request: key.summary, file: name))
      case .failure(let missing): return .failure(failure(missing.message(file: name)))
      }
    case .failed(let error):
      return .failure(failure("CurrentWorld cannot replay HTTP answers: \(error)"))
    case .recording where bodyUnseen:
      return .failure(
        unrecordable(
          RequestKey(
            method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
            body: Data(), redaction: redactor(for: request, token: nil), bodyUnseen: true)))
    case .recording: return nil
    }
  }

  /// The failure of recording a request whose body was out of sight.
  private func unrecordable(_ key: RequestKey) -> URLError {
    failure(
      "CurrentWorld cannot record \(key.summary) in \(name): an upload task hands its body to "
        + "URLSession where no URLProtocol sees it, so the request would be sent without it. "
        + "Record it with data(for:) and the body as the request's httpBody; a recording made "
        + "that way also answers the upload. The request was not sent.")
  }

  /// The archive's exchanges with the keys they match by.
  private static func keyed(_ archive: HTTPArchive, _ redaction: HARRedactor.Names) -> [Recorded] {
    let applied = HARRedactor(redaction, credentialHeaders: [], secrets: [])
    return archive.entries.map { exchange in
      Recorded(
        exchange: exchange,
        key: RequestKey(
          method: exchange.method, url: exchange.url, body: exchange.requestBody,
          redaction: applied))
    }
  }

  /// The entries of the file at `file`, each with the key it is matched
  /// by; none when it cannot be read.
  private static func entries(of file: URL, _ redaction: HARRedactor.Names) -> [(
    key: RequestKey, entry: HAR.Entry
  )] {
    guard let data = try? Data(contentsOf: file),
      let entries = try? HAR.decode(data, source: file.path).log.entries
    else { return [] }
    let applied = HARRedactor(redaction, credentialHeaders: [], secrets: [])
    return entries.compactMap { entry in
      (try? HTTPArchive.Exchange(entry)).map { exchange in
        let key = RequestKey(
          method: exchange.method, url: exchange.url, body: exchange.requestBody,
          redaction: applied)
        return (key, entry)
      }
    }
  }

  /// Enters the phase that the mode and the file's existence call for,
  /// reading the file to replay it.
  func resolve(_ state: inout State) {
    guard let file else {
      state.phase = .replaying
      return
    }
    let exists = FileManager.default.fileExists(atPath: file.path)
    state.recording = FileRecording.joined(file, mode: mode, exists: exists, place: place) {
      Self.entries(of: file, redaction)
    }
    // A recorder joins in its own mode: `.recordAll` sends what the file
    // answers, and the others replay a file that keeps its entries.
    switch state.recording?.shared.kind {
    case .whole?: state.phase = .recording
    case .additions? where mode == .recordAll: state.phase = .recording
    case .additions?, nil: replay(file, &state)
    }
  }

  /// Reads `file` to replay it, or fails as it cannot be.
  private func replay(_ file: URL, _ state: inout State) {
    switch mode {
    case .replay where !FileManager.default.fileExists(atPath: file.path),
      .replayThrowingMisses where !FileManager.default.fileExists(atPath: file.path):
      state.phase = .failed(
        HARError(
          file: file.path,
          reason:
            "there is no file at this path. To record it, pass mode: .recordIfMissing, or run "
            + "once with \(HARMode.environmentVariable)=missing in the environment"))
    default:
      do {
        state.load(Self.keyed(try HTTPArchive(contentsOf: file), redaction))
        state.phase = .replaying
      } catch {
        state.phase = .failed(error)
      }
    }
  }

  /// Refuses a request sent from another test's world than the one the
  /// client was made in: reported against the test that sends, naming
  /// both and the line that made the client.
  func checkSentFromItsTest() throws {
    guard let madeIn, let sender = SessionWorld.namedTestInEffect, sender.id != madeIn.id
    else { return }
    let message =
      "A request was sent from the test \(sender.name) through a client that replays \(name), "
      + "made at \(place.fileID):\(place.line) in the world of the test \(madeIn.name): it "
      + "would answer from that test's file and report to that test. Make the client in each "
      + "test that uses it (a static let keeps the first test's), or read it from Current "
      + "where it sends. The request was not sent."
    report(message)
    throw Self.reported(message)
  }

  /// Reports `message` against the running test, at the `replaying` call,
  /// and returns the error the transport throws.
  func failure(_ message: String) -> URLError {
    report(message)
    return Self.reported(message)
  }

  /// The error that a caller gets for a failure reported as an issue: its
  /// description is one line that says so first (a client may shorten
  /// it), then the message's first sentence, so that a test runner that
  /// records the escaping error too shows what it is.
  static func reported(_ message: String) -> URLError {
    let end = message.range(of: ". ")?.lowerBound ?? message.endIndex
    let first = message[..<end].split(separator: "\n").first.map(String.init) ?? message
    let line =
      "CurrentWorld reported this as an issue, with the fix: "
      + (first.hasSuffix(".") ? first : first + ".")
    // Corelibs prints an error with its failure reason, Apple's with its
    // description: both, so that neither prints "(null)".
    return URLError(
      .resourceUnavailable,
      userInfo: [NSLocalizedDescriptionKey: line, NSLocalizedFailureReasonErrorKey: line])
  }

  func report(_ message: String) {
    Self.report(message, at: place)
  }
}
