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
      if keep(kept) != nil {
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
      var redaction = redactor(for: request, token: await token())
      redaction.learn(sessionHeaders: sessionHeaders)
      let milliseconds = max(0, ended.timeIntervalSince(started) * 1000)
      try add(redaction) { redaction in
        HARRecording.failure(
          request: request, error: error, started: started, milliseconds: milliseconds,
          redaction: redaction)
      }
      throw error
    }
    let (data, response) = answer
    let ended = now()
    var redaction = redactor(for: request, token: await token())
    redaction.learn(sessionHeaders: sessionHeaders)
    // The cookies a session adds from the shared storage (the default
    // configuration's): the request does not show them, and a server may
    // echo them.
    let stored = request.url.flatMap { HTTPCookieStorage.shared.cookies(for: $0) } ?? []
    redaction.learn(secrets: stored.map(\.value))
    redaction.learn(from: response, body: data)
    let milliseconds = max(0, ended.timeIntervalSince(started) * 1000)
    try add(redaction) { redaction in
      HARRecording.entry(
        request: request, data: data, response: response, started: started,
        milliseconds: milliseconds, redaction: redaction)
    }
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
    let entry = found ?? (mode == .recordNew ? keep(key) : nil)
    guard let entry, let exchange = try? HTTPArchive.Exchange(entry) else { return nil }
    return try answer(request, key: key, with: exchange)
  }

  /// The file's own entry for `key`, as ``HARMode/recordAll`` found it,
  /// taken so that the file keeps it; `nil` when it had none.
  private func keep(_ key: RequestKey) -> HAR.Entry? {
    state.withLock { state in
      state.recording.flatMap { $0.shared.keep(key, by: $0.member) }
    }
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

  /// Adds the entry that `make` makes with `redaction` to the file's
  /// recording, written when the recording ends: made again then with
  /// every secret the recording learned by that time.
  private func add(
    _ redaction: HARRedactor, _ make: @escaping @Sendable (HARRedactor) -> HAR.Entry
  ) throws {
    let afterRedaction = afterRedaction
    let remade = { @Sendable (secrets: Set<String>, forms: SecretForms) -> HAR.Entry in
      var entry = make(redaction.knowing(secrets, forms: forms))
      afterRedaction?(&entry)
      return entry
    }
    guard let file, let (shared, member) = state.withLock({ $0.recording }) else { return }
    let entry = remade(redaction.secrets, redaction.forms)
    let key = (try? HTTPArchive.Exchange(entry)).map {
      RequestKey(
        method: $0.method, url: $0.url, body: $0.requestBody,
        redaction: HARRedactor(self.redaction, credentialHeaders: [], secrets: []))
    }
    let written = FileRecording.Written(entry: entry, remade: remade, key: key, by: member)
    switch shared.add(written, secrets: redaction.secrets) {
    case .success:
      endAtTestEnd()
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
    }
  }

  /// Has the test whose world is in effect write what this transport
  /// recorded as it ends, reporting a refusal against that test; outside
  /// tests, the transport's release or the process's exit writes it.
  private func endAtTestEnd() {
    let due = state.withLock { state in
      defer { state.endsAtTestEnd = true }
      return !state.endsAtTestEnd
    }
    guard due else { return }
    let added = Self.checkAtTestEnd { [weak self] in self?.endTest() }
    if !added { state.withLock { $0.endsAtTestEnd = false } }
  }

  /// Writes the recording as a test that recorded through this transport
  /// ends, so that the next test that does (a client made outside tests)
  /// has it written as it ends too.
  private func endTest() {
    state.withLock { $0.endsAtTestEnd = false }
    endRecording()
  }

  /// Writes what the file's recording has that the file lacks, reporting a
  /// refusal at this transport's `replaying` call.
  func endRecording() {
    state.withLock { $0.recording?.shared }?.end(reportingAt: place)
  }

  /// The redaction for `request`: the names the user gave and the
  /// defaults, the endpoint's credential headers, the token, the secrets
  /// recorded so far, and the values the request carries under hidden
  /// names.
  func redactor(for request: URLRequest, token: String?) -> HARRedactor {
    let known =
      state.withLock { $0.recording?.shared }?.known ?? (secrets: [], forms: SecretForms([]))
    var redactor = HARRedactor(
      redaction, credentialHeaders: SessionTransport.credentialHeaders, known: known.secrets,
      forms: known.forms, request: request)
    if let token { redactor.learn(secrets: [token]) }
    return redactor
  }
}
