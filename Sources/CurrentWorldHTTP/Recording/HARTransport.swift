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
  private let redaction: HARRedaction
  private let strict: Bool
  private let place: Place
  private let state: Locked<State>

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
    /// The exchanges written so far, while recording.
    var written: [HAR.Entry] = []
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
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    self.file = file
    self.mode = mode.effective(environment: environment)
    self.redaction = redaction
    self.strict = strict
    self.place = place
    state = Locked(State())
    checkAtTestEnd()
  }

  init(archive: HTTPArchive, redaction: HARRedaction, strict: Bool, place: Place) {
    file = nil
    mode = .replay
    self.redaction = redaction
    self.strict = strict
    self.place = place
    var state = State(phase: .replaying)
    state.load(Self.keyed(archive, redaction))
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
  /// with the error that the file cannot be read; not while recording.
  var answersAtOnce: Bool {
    state.withLock { state in
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
    case .unresolved, .replaying: return try answer(request)
    case .failed(let error): throw failure("CurrentWorld cannot replay HTTP answers: \(error)")
    case .recording: return try await record(request, live: live, token: token, now: now)
    }
  }

  // MARK: Replaying

  private func answer(_ request: URLRequest) throws -> (Data, URLResponse) {
    let key = RequestKey(
      method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
      body: request.httpBody ?? Data(), redaction: applied(to: request, token: nil))
    let found = state.withLock { state -> Result<HTTPArchive.Exchange, MissingAnswer> in
      guard
        let position = state.unused[key.route]?.firstIndex(where: { state.recorded[$0].key == key })
      else { return .failure(MissingAnswer(key: key, among: state.recorded)) }
      let index = state.unused[key.route, default: []].remove(at: position)
      return .success(state.recorded[index].exchange)
    }
    switch found {
    case .failure(let missing):
      throw failure(missing.message(file: name))
    case .success(let exchange) where exchange.status == 0:
      throw URLError(
        .networkConnectionLost,
        userInfo: [
          NSLocalizedDescriptionKey:
            "\(key.summary) was recorded in \(name) with no answer (status 0)."
        ])
    case .success(let exchange):
      let url = request.url ?? exchange.url
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: exchange.status, httpVersion: "HTTP/1.1",
          headerFields: exchange.headers)
      else { throw URLError(.badServerResponse) }
      return (exchange.body, response)
    }
  }

  /// Why no recorded answer fits a request: the closest entry, and what
  /// differs from it.
  private struct MissingAnswer: Error {
    var key: RequestKey?
    var closest: RequestKey?
    var differences: [String] = []
    var usedUp = 0

    init(key: RequestKey, among recorded: [Recorded]) {
      self.key = key
      usedUp = recorded.count { $0.key == key }
      let nearest = recorded.map { ($0.key, key.difference(from: $0.key)) }
        .min { $0.1.distance < $1.1.distance }
      closest = nearest?.0
      differences = nearest?.1.parts ?? []
    }

    func message(file: String) -> String {
      let summary = key?.summary ?? "the request"
      guard usedUp == 0 else {
        return
          "\(file) recorded \(usedUp) answer(s) to \(summary), and each was already given: "
          + "a recording answers each request once, in order. Record the call again "
          + "(mode: .recordAll), or make the request fewer times. The request was not sent."
      }
      let nearest =
        closest.map {
          "The closest recorded request is \($0.summary); its \(differences.joined(separator: ", ")) differ(s)."
        } ?? "The file records no requests."
      return
        "No recorded answer in \(file) matches \(summary). \(nearest) Record the answer with "
        + "mode: .recordIfMissing or .recordAll (or \(HARMode.environmentVariable)=all), or fix "
        + "the request. The request was not sent."
    }
  }

  /// The archive's exchanges with the keys they match by.
  private static func keyed(_ archive: HTTPArchive, _ redaction: HARRedaction) -> [Recorded] {
    let applied = HARRedaction.Applied(redaction, credentialHeaders: [], secrets: [])
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
    case .recordIfMissing where !exists: state.phase = .recording
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
    let redaction = applied(to: request, token: await token())
    let entry = HARRecording.entry(
      request: request, data: data, response: response, started: started,
      milliseconds: max(0, ended.timeIntervalSince(started) * 1000), redaction: redaction)
    guard let file else { return (data, response) }
    // Written under the lock, so that of two answers recorded at once the
    // file keeps both, whichever finishes writing last.
    let written = state.withLock { state -> Result<Bool, any Error> in
      state.written.append(entry)
      do {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try HAR.encode(HARRecording.document(state.written)).write(to: file, options: .atomic)
      } catch {
        return .failure(error)
      }
      defer { state.announced = true }
      return .success(!state.announced)
    }
    switch written {
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

  /// The redaction for `request`: the names the user gave, the endpoint's
  /// credential headers, the token, and the values the request carries
  /// under those names.
  private func applied(to request: URLRequest, token: String?) -> HARRedaction.Applied {
    HARRedaction.Applied(
      redaction, credentialHeaders: SessionTransport.credentialHeaders,
      secrets: token.map { [$0] } ?? [], request: request)
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
