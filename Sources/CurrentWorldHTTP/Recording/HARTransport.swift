internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A client's transport over one HAR file: it answers from the file, or
/// sends each request on the client's own transport and records the
/// exchange, as its mode says. One per replaying client, so tests that run
/// in parallel never share one.
final class HARTransport: Sendable {
  /// Where the file is; `nil` for an archive read by the caller.
  private let file: URL?
  private let mode: HARMode
  private let redaction: HARRedactor.Names
  private let strict: Bool
  private let place: Place
  private let state: Locked<State>
  /// A test's seam: changes each entry after redaction, as a redaction
  /// that missed a path would, so that a test can show the last check
  /// before writing catches it. `nil` outside those tests.
  private let afterRedaction: (@Sendable (inout HAR.Entry) -> Void)?

  /// The `replaying` call, where issues point.
  struct Place: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
  }

  private struct State: Sendable {
    var phase = Phase.unresolved
    /// The file's exchanges, while replaying.
    var recorded: [Recorded] = []
    /// The indices in ``recorded`` of the answers not yet given, by method
    /// and path, in the file's order: a request looks at its own route's
    /// answers only, however long the file is.
    var unused: [String: [Int]] = [:]
    /// The entries the file is written with: the exchanges recorded so
    /// far, after the file's own for ``HARMode/recordNew``.
    var written: [HAR.Entry] = []
    /// Every secret this recording has sent or received: each entry is
    /// redacted with them all, and the file checked for them before it is
    /// written.
    var secrets: Set<String> = []
    var announced = false
    /// Whether a strict replay's unused answers are checked at a test's
    /// end, which reports them against that test.
    var checkedAtTestEnd = false
    /// Whether the unused answers were reported, or found to be none.
    var checked = false

    /// Replays `recorded`, every answer unused.
    mutating func load(_ recorded: [Recorded]) {
      self.recorded = recorded
      unused = Dictionary(grouping: recorded.indices) { recorded[$0].key.route }
    }
  }

  private enum Phase: Sendable {
    case unresolved
    case failed(HARError)
    case replaying
    case recording
  }

  /// A recorded exchange and the key it is matched by.
  private struct Recorded: Sendable {
    var exchange: HTTPArchive.Exchange
    var key: RequestKey
  }

  init(
    file: URL, mode: HARMode, redaction: HARRedaction, strict: Bool, place: Place,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    afterRedaction: (@Sendable (inout HAR.Entry) -> Void)? = nil
  ) {
    self.file = file
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

  /// What the file is called in messages.
  private var name: String { file?.path ?? "the archive" }

  deinit {
    reportUnused()
  }

  /// For a strict replay, has the test whose world is in effect (at the
  /// `replaying` call, or else at the first request) report the unused
  /// answers as it ends; a client never used in a test's world reports
  /// them when it is released.
  private func checkAtTestEnd() {
    guard strict else { return }
    let due = state.withLock { state in
      defer { state.checkedAtTestEnd = true }
      return !state.checkedAtTestEnd
    }
    guard due else { return }
    let added = Self.checkAtTestEnd { [weak self] in self?.reportUnused() }
    if !added { state.withLock { $0.checkedAtTestEnd = false } }
  }

  /// Reports, once, the answers of a strict replay that no request took.
  private func reportUnused() {
    guard strict else { return }
    let unused = state.withLock { state -> [String] in
      guard !state.checked else { return [] }
      state.checked = true
      if case .unresolved = state.phase { resolve(&state) }
      guard case .replaying = state.phase else { return [] }
      // In the file's order.
      return state.unused.values.joined().sorted().map { state.recorded[$0].key.summary }
    }
    guard !unused.isEmpty else { return }
    report(
      "\(unused.count) recorded answer(s) in \(name) were never requested: "
        + unused.joined(separator: "; ")
        + ". A strict replay fails on answers the test did not use: remove them from the file, "
        + "record it again (mode: .recordAll), or pass strict: false.")
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
  func send(
    _ request: URLRequest, live: @Sendable (URLRequest) async throws -> (Data, URLResponse),
    token: @Sendable () async -> String?, now: @Sendable () -> Date
  ) async throws -> (Data, URLResponse) {
    checkAtTestEnd()
    let phase = state.withLock { state in
      if case .unresolved = state.phase { resolve(&state) }
      return state.phase
    }
    switch phase {
    case .unresolved, .replaying:
      let key = RequestKey(
        method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
        body: request.httpBody ?? Data(), redaction: redactor(for: request, token: nil))
      switch take(key) {
      case .success(let exchange): return try answer(request, key: key, with: exchange)
      case .failure where mode == .recordNew:
        return try await record(request, live: live, token: token, now: now)
      case .failure(let missing): throw failure(missing.message(file: name))
      }
    case .failed(let error): throw failure("CurrentWorld cannot replay HTTP answers: \(error)")
    case .recording: return try await record(request, live: live, token: token, now: now)
    }
  }

  // MARK: Replaying

  /// The first unused answer recorded for `key`, now used.
  private func take(_ key: RequestKey) -> Result<HTTPArchive.Exchange, MissingAnswer> {
    state.withLock { state in
      guard
        let position = state.unused[key.route]?.firstIndex(where: { state.recorded[$0].key == key })
      else { return .failure(MissingAnswer(key: key, among: state.recorded.lazy.map(\.key))) }
      let index = state.unused[key.route, default: []].remove(at: position)
      return .success(state.recorded[index].exchange)
    }
  }

  private func answer(_ request: URLRequest, key: RequestKey, with exchange: HTTPArchive.Exchange)
    throws -> (Data, URLResponse)
  {
    switch exchange {
    case let exchange where exchange.status == 0:
      throw URLError(
        .networkConnectionLost,
        userInfo: [
          NSLocalizedDescriptionKey:
            "\(key.summary) was recorded in \(name) with no answer (status 0)."
        ])
    default:
      let url = request.url ?? exchange.url
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: exchange.status, httpVersion: "HTTP/1.1",
          headerFields: exchange.headers)
      else { throw URLError(.badServerResponse) }
      return (exchange.body, response)
    }
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

  /// Enters the phase that the mode and the file's existence call for,
  /// reading the file to replay it.
  private func resolve(_ state: inout State) {
    guard let file else {
      state.phase = .replaying
      return
    }
    let exists = FileManager.default.fileExists(atPath: file.path)
    switch mode {
    case .recordAll: state.phase = .recording
    case .recordIfMissing where !exists, .recordNew where !exists: state.phase = .recording
    case .replay where !exists:
      state.phase = .failed(
        HARError(
          file: file.path,
          reason:
            "there is no file at this path. To record it, pass mode: .recordIfMissing, or run "
            + "once with \(HARMode.environmentVariable)=missing in the environment"))
    default:
      do {
        state.load(Self.keyed(try HTTPArchive(contentsOf: file), redaction))
        // `recordNew` writes the file's own entries back, as they are.
        if mode == .recordNew, let data = try? Data(contentsOf: file) {
          state.written = try HAR.decode(data, source: file.path).log.entries
        }
        state.phase = .replaying
      } catch {
        state.phase = .failed(error)
      }
    }
  }

  // MARK: Recording

  private func record(
    _ request: URLRequest, live: @Sendable (URLRequest) async throws -> (Data, URLResponse),
    token: @Sendable () async -> String?, now: @Sendable () -> Date
  ) async throws -> (Data, URLResponse) {
    let started = now()
    let (data, response) = try await live(request)
    let ended = now()
    var redaction = redactor(for: request, token: await token())
    // The cookies a session adds from the shared storage (the default
    // configuration's): the request does not show them, and a server may
    // echo them.
    let stored = request.url.flatMap { HTTPCookieStorage.shared.cookies(for: $0) } ?? []
    redaction.learn(secrets: stored.map(\.value))
    redaction.learn(from: response, body: data)
    var entry = HARRecording.entry(
      request: request, data: data, response: response, started: started,
      milliseconds: max(0, ended.timeIntervalSince(started) * 1000), redaction: redaction)
    afterRedaction?(&entry)
    guard let file else { return (data, response) }
    // Checked and written under the lock, so that of two answers recorded
    // at once the file keeps both, whichever finishes writing last.
    let written = state.withLock { state -> Result<Bool, any Error> in
      state.secrets.formUnion(redaction.secrets)
      let entries = state.written + [entry]
      let bytes = HAR.encode(HARRecording.document(entries))
      if let leak = HARLeakCheck.leak(
        in: entries, bytes: bytes, forms: SecretForms(state.secrets))
      {
        return .failure(leak)
      }
      do {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file, options: .atomic)
      } catch {
        return .failure(error)
      }
      state.written = entries
      defer { state.announced = true }
      return .success(!state.announced)
    }
    switch written {
    case .failure(let leak as HARLeakCheck.Leak):
      throw failure(leak.message(file: file.path))
    case .failure(let error):
      throw failure(
        "CurrentWorld could not write the recording \(file.path): \(error.localizedDescription)")
    case .success(true):
      FileHandle.standardError.write(
        Data(
          ("CurrentWorld recorded HTTP answers to \(file.path) (mode: \(mode)). "
            + "Review the file and commit it.\n").utf8))
    case .success(false):
      break
    }
    return (data, response)
  }

  /// The redaction for `request`: the names the user gave and the
  /// defaults, the endpoint's credential headers, the token, the secrets
  /// recorded so far, and the values the request carries under hidden
  /// names.
  private func redactor(for request: URLRequest, token: String?) -> HARRedactor {
    let known = state.withLock { $0.secrets }
    return HARRedactor(
      redaction, credentialHeaders: SessionTransport.credentialHeaders,
      secrets: known.union(token.map { [$0] } ?? []), request: request)
  }

  // MARK: Failing

  /// Reports `message` against the running test, at the `replaying` call,
  /// and returns the error the transport throws.
  private func failure(_ message: String) -> URLError {
    report(message)
    return URLError(.resourceUnavailable, userInfo: [NSLocalizedDescriptionKey: message])
  }

  private func report(_ message: String) {
    Self.report(message, at: place)
  }
}
