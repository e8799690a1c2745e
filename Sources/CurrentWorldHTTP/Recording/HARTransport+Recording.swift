internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Recording: sending a request on the client's own transport, redacting
// the exchange, and writing the file after the last check for secrets.

extension HARTransport {
  func record(
    _ request: URLRequest, live: @Sendable (URLRequest) async throws -> (Data, URLResponse),
    token: @Sendable () async -> String?, now: @Sendable () -> Date
  ) async throws -> (Data, URLResponse) {
    if let answer = try answerFromRecording(request) { return answer }
    let started = now()
    let answer: (Data, URLResponse)
    do {
      answer = try await live(request)
    } catch let error as URLError where Self.recordsFailure(error.code) {
      // Re-recording a request the file answers, with the server out of
      // reach: the file keeps its answer, and the test is told.
      let kept = key(of: request)
      if try keep(kept) != nil {
        let server = request.url.flatMap(RecordedOrigin.origin) ?? "the server"
        report(
          "CurrentWorld could not reach \(server) to record "
            + "\(kept.summary) again in \(name) (\(error.localizedDescription), URLError "
            + "\(error.code.rawValue)), so the file keeps the answer it had. Start the server "
            + "and record again, or replay the file (mode: .replay).")
        throw error
      }
      // A request that got no answer is recorded as one (status 0), so
      // that a replay fails as it did.
      let ended = now()
      let redaction = redactor(for: request, token: await token())
      try write(
        HARRecording.failure(
          request: request, error: error, started: started,
          milliseconds: max(0, ended.timeIntervalSince(started) * 1000), redaction: redaction),
        secrets: redaction.secrets)
      throw error
    }
    let (data, response) = answer
    let ended = now()
    var redaction = redactor(for: request, token: await token())
    // The cookies a session adds from the shared storage (the default
    // configuration's): the request does not show them, and a server may
    // echo them.
    let stored = request.url.flatMap { HTTPCookieStorage.shared.cookies(for: $0) } ?? []
    redaction.learn(secrets: stored.map(\.value))
    redaction.learn(from: response, body: data)
    try write(
      HARRecording.entry(
        request: request, data: data, response: response, started: started,
        milliseconds: max(0, ended.timeIntervalSince(started) * 1000), redaction: redaction),
      secrets: redaction.secrets)
    return (data, response)
  }

  /// The answer that another transport recording the same file in this
  /// process recorded for `request` and this one has not taken: a test
  /// beside one that recorded a request is answered as a replay would
  /// answer it, and the request is not sent again.
  /// A `.recordNew` recorder that joined a recording of the whole file
  /// answers from the file's own entries too, which the file then keeps.
  private func answerFromRecording(_ request: URLRequest) throws -> (Data, URLResponse)? {
    let key = key(of: request)
    let found = state.withLock { state -> HAR.Entry? in
      guard let (shared, member) = state.recording else { return nil }
      return shared.taken(key, by: member, used: &state.usedInRecording)
    }
    let entry = try found ?? (mode == .recordNew ? keep(key) : nil)
    guard let entry, let exchange = try? HTTPArchive.Exchange(entry) else { return nil }
    return try answer(request, key: key, with: exchange)
  }

  /// The file's own entry for `key`, as ``HARMode/recordAll`` found it,
  /// taken so that the file keeps it (written again at once if this
  /// recording has written it already); `nil` when it had none.
  private func keep(_ key: RequestKey) throws -> HAR.Entry? {
    let kept = state.withLock { state in
      state.recording.flatMap { $0.shared.keep(key, by: $0.member) }
    }
    if kept?.rewrite == true { try write(nil, secrets: []) }
    return kept?.entry
  }

  /// What `request` is matched by, redacted as the file is.
  private func key(of request: URLRequest) -> RequestKey {
    RequestKey(
      method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
      body: request.httpBody ?? Data(), encoding: ContentCoding.encoding(of: request),
      redaction: redactor(for: request, token: nil))
  }

  /// Whether a request that failed with `code` is recorded as a failure:
  /// not one the caller cancelled, nor an answer over the client's size
  /// limit, which another client's limit may take.
  static func recordsFailure(_ code: URLError.Code) -> Bool {
    code != .cancelled && code != .dataLengthExceedsMaximum
  }

  /// Adds `entry` to the file's recording, and writes the file after the
  /// last check for every secret the recording knows, `secrets` among
  /// them.
  private func write(_ entry: HAR.Entry?, secrets: Set<String>) throws {
    var entry = entry
    if var changed = entry, let afterRedaction {
      afterRedaction(&changed)
      entry = changed
    }
    guard let file, let (shared, member) = state.withLock({ $0.recording }) else { return }
    let key = entry.flatMap { try? HTTPArchive.Exchange($0) }.map {
      RequestKey(
        method: $0.method, url: $0.url, body: $0.requestBody,
        redaction: HARRedactor(redaction, credentialHeaders: [], secrets: []))
    }
    switch shared.write(entry, key: key, by: member, secrets: secrets) {
    case .failure(let leak as HARLeakCheck.Leak):
      throw failure(leak.message(file: file.path))
    case .failure(let claimed as FileRecording.Claimed):
      throw failure(
        "CurrentWorld did not write the recording \(file.path): process \(claimed.holder) is "
          + "recording it, and a file written by two processes would lose one's entries. Run "
          + "the tests that record it in one process (turn off parallel testing for them, or "
          + "give each test a file of its own). If process \(claimed.holder) is not a test, "
          + "remove \(FileClaim.url(of: file).path).")
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
  }

  /// The redaction for `request`: the names the user gave and the
  /// defaults, the endpoint's credential headers, the token, the secrets
  /// recorded so far, and the values the request carries under hidden
  /// names.
  func redactor(for request: URLRequest, token: String?) -> HARRedactor {
    let known = state.withLock { $0.recording?.shared }?.secrets ?? []
    return HARRedactor(
      redaction, credentialHeaders: SessionTransport.credentialHeaders,
      secrets: known.union(token.map { [$0] } ?? []), request: request)
  }
}
