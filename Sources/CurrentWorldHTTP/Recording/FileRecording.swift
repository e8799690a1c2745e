internal import CurrentWorldSupport
import Foundation

// One file's recording, shared by every transport of this process that
// records the file, so that parallel recorders keep each other's entries;
// another process recording the same file is refused (FileClaim).

/// The recording of one HAR file in this process. Every transport that
/// records the file adds its entries here; the file is written when a
/// transport's recording ends (its test's end, its release, or the
/// process's exit), once, whole and atomically, each entry redacted with
/// every secret the whole recording learned. It lasts as long as the
/// process: tests that record one path, at once or one after another,
/// make one recording of it.
final class FileRecording: Sendable {
  /// Whether the file is recorded whole, or keeps its entries and gets
  /// only the requests they do not answer (``HARMode/recordNew``).
  enum Kind: Sendable {
    case whole
    case additions
  }

  let file: URL
  let kind: Kind
  /// The `replaying` call of the transport that began the recording: where
  /// a write that no transport's end asked for (``close(_:)``, the
  /// process's exit) reports.
  let place: HARTransport.Place
  let state: Locked<State>

  /// An entry of the recording.
  struct Written: Sendable {
    /// The entry as redacted when it was recorded: what answers another
    /// transport's request.
    var entry: HAR.Entry
    /// The entry redacted with every secret the recording knows, made
    /// again at each write so that a secret learned later is hidden in it
    /// too; `nil` for an entry the file had.
    var remade: (@Sendable (_ secrets: Set<String>, _ forms: SecretForms) -> HAR.Entry)?
    /// What the entry answers.
    var key: RequestKey?
    /// The transport that recorded it; `nil`: an entry the file had.
    var by: Int?
    /// The recording's ``State/learned`` when ``entry`` was made with every
    /// secret the recording knew: while it is the same, ``entry`` is what
    /// ``remade`` would make. `nil` when the entry knew fewer.
    var madeAt: Int?
  }

  struct State: Sendable {
    /// The entries the file is written with, in the order recorded.
    var written: [Written] = []
    /// The file's entries as ``HARMode/recordAll`` found it, not yet kept:
    /// an entry whose request cannot reach the server while re-recording
    /// is kept, not lost.
    var before: [(key: RequestKey, entry: HAR.Entry)] = []
    /// Every secret this recording has sent or received: each entry is
    /// redacted with them all, and the file checked for them before it is
    /// written.
    var secrets: Set<String> = []
    /// The forms of ``secrets``, grown as they are learned: made once for
    /// the recording, not at each request or write.
    var forms = SecretForms([])
    /// How many times ``secrets`` grew.
    var learned = 0
    /// The file's bytes before this recording wrote it (`nil`: there was
    /// none), put back when a write is refused.
    var original: Data?
    /// Whether the recording has entries the file does not have yet.
    var changed = false
    /// Whether this recording wrote the file.
    var wrote = false
    /// Whether this process holds the file's claim (``FileClaim``).
    var claimed = false
    /// How many transports joined: each is told apart by its number.
    var members = 0

    /// Adds `written`, made with `secrets`, and learns them.
    mutating func add(_ written: Written, _ secrets: Set<String>) {
      learn(secrets)
      var written = written
      // Made with every secret the recording knows: the same set.
      if secrets.count == self.secrets.count { written.madeAt = learned }
      self.written.append(written)
      changed = true
    }

    /// Takes `learned` as secrets too, making the forms of the new ones.
    mutating func learn(_ learned: Set<String>) {
      let new = learned.subtracting(secrets)
      guard !new.isEmpty else { return }
      secrets.formUnion(new)
      forms = forms.adding(new)
      self.learned += 1
    }
  }

  private init(file: URL, kind: Kind, place: HARTransport.Place, state: State) {
    self.file = file
    self.kind = kind
    self.place = place
    self.state = Locked(state)
  }

  /// Every file this process records, by its standardized path.
  private static let open = Locked<[String: FileRecording]>([:])

  /// The recording of `file` that a transport in `mode` joins, and the
  /// transport's number in it: the one this process has open, or else a
  /// new one when the mode records; `nil` when the transport only replays.
  static func joined(
    _ file: URL, mode: HARMode, exists: Bool, place: HARTransport.Place,
    entries: () -> [(key: RequestKey, entry: HAR.Entry)]
  ) -> (shared: FileRecording, member: Int)? {
    guard mode != .replay, mode != .replayThrowingMisses else { return nil }
    let recording = open.withLock { open -> FileRecording? in
      let path = file.standardizedFileURL.path
      if let recording = open[path] { return recording }
      var state = State()
      let kind: Kind
      switch mode {
      case .recordAll:
        kind = .whole
        state.before = exists ? entries() : []
      case .recordNew where exists:
        kind = .additions
        state.written = entries().map { Written(entry: $0.entry, key: $0.key) }
      case .recordIfMissing where exists, .replay, .replayThrowingMisses:
        return nil
      case .recordIfMissing, .recordNew:
        kind = .whole
      }
      state.original = exists ? try? Data(contentsOf: file) : nil
      let recording = FileRecording(file: file, kind: kind, place: place, state: state)
      open[path] = recording
      return recording
    }
    guard let recording else { return nil }
    let member = recording.state.withLock { state in
      state.members += 1
      return state.members
    }
    return (recording, member)
  }

  /// Ends this process's recording of `file` as the process's end does:
  /// what it has not written is written (a refusal reported at the
  /// `replaying` call that began it), and the next transport resolves the
  /// file afresh. For a test that stands in for a later run.
  static func close(_ file: URL) {
    let closed = open.withLock { $0.removeValue(forKey: file.standardizedFileURL.path) }
    guard let closed else { return }
    closed.end(reportingAt: closed.place)
    if closed.state.withLock({ $0.claimed }) { FileClaim.release(file) }
  }

  /// Writes every recording of this process that has entries its file
  /// lacks: at the process's exit, for clients that were never released.
  private static func writeAll() {
    for recording in open.withLock({ Array($0.values) }) {
      recording.end(reportingAt: recording.place)
    }
  }

  /// The first entry recorded by another transport than `transport` that
  /// answers `key` and that `transport` has not taken, now taken: how a
  /// test answers a request that a test beside it already recorded.
  func taken(_ key: RequestKey, by transport: Int, used: inout Set<Int>)
    -> HAR.Entry?
  {
    state.withLock { state in
      let index = state.written.indices.first { index in
        let written = state.written[index]
        return written.by != nil && written.by != transport && written.key == key
          && !used.contains(index)
      }
      guard let index else { return nil }
      used.insert(index)
      return state.written[index].entry
    }
  }

  /// Every secret the recording knows, and their forms.
  var known: (secrets: Set<String>, forms: SecretForms) {
    state.withLock { ($0.secrets, $0.forms) }
  }

  /// The file's own entry for `key`, as ``HARMode/recordAll`` found it,
  /// taken so that the file keeps it when it is written; `nil` when the
  /// file had none.
  func keep(_ key: RequestKey, by member: Int) -> HAR.Entry? {
    state.withLock { state in
      guard let index = state.before.firstIndex(where: { $0.key == key }) else { return nil }
      let kept = state.before.remove(at: index)
      state.written.append(Written(entry: kept.entry, key: kept.key, by: member))
      state.changed = true
      return kept.entry
    }
  }

  /// Another process's claim on the file: the id of the process holding it.
  struct Claimed: Error {
    var holder: Int32
  }

  /// Adds `written`, and the secrets its exchange taught, to what the file
  /// is written with when the recording ends; fails, adding nothing, when
  /// another process records the file.
  func add(_ written: Written, secrets: Set<String>) -> Result<Void, any Error> {
    let claimedNow = state.withLock { state -> Result<Bool, any Error> in
      if !state.claimed {
        do {
          if let holder = try FileClaim.claim(file) { return .failure(Claimed(holder: holder)) }
        } catch {
          return .failure(error)
        }
        state.claimed = true
        state.add(written, secrets)
        return .success(true)
      }
      state.add(written, secrets)
      return .success(false)
    }
    // Registered after the claim's own exit handler, so that it runs
    // first: the file is written while the claim still holds it.
    if case .success(true) = claimedNow { _ = Self.exitHandler }
    return claimedNow.map { _ in () }
  }

  /// Registers, once, the exit handler that writes what was not written:
  /// a `static let` is made once, whichever thread reads it first. (It was
  /// a `Locked<Void>`, taken to make it: ThreadSanitizer reported the
  /// empty header's access in the lock against another thread's reading
  /// of the lock's address.)
  private static let exitHandler: Void = {
    atexit { FileRecording.writeAll() }
  }()

  /// Writes what the recording has that its file lacks, reporting a
  /// refusal at `place`; the first write also says where the file is.
  func end(reportingAt place: HARTransport.Place) {
    switch write() {
    case .failure(let leak as HARLeakCheck.Leak):
      HARTransport.report(leak.message(file: file.path), at: place)
    case .failure(let error):
      HARTransport.report(
        "CurrentWorld could not write the recording \(file.path): \(error.localizedDescription)",
        at: place)
    case .success(true):
      FileHandle.standardError.write(
        Data(
          ("CurrentWorld recorded HTTP answers to \(file.path). Review the file and commit it.\n")
            .utf8))
    case .success(false):
      break
    }
  }

  /// Writes the file whole, atomically, with every entry redacted by every
  /// secret the recording knows, after the last check of the bytes for
  /// them; a refusal puts back the file as it was before the recording.
  /// True when this was the recording's first write.
  func write() -> Result<Bool, any Error> {
    // Under the lock, so that two ends at once write one file, the later
    // one with every entry.
    state.withLock { state in
      guard state.changed else { return .success(false) }
      let forms = state.forms
      let entries = state.written.map { written in
        written.madeAt == state.learned
          ? written.entry : written.remade?(state.secrets, forms) ?? written.entry
      }
      let bytes = HAR.encode(HARRecording.document(entries))
      if let leak = HARLeakCheck.leak(in: entries, bytes: bytes, forms: forms) {
        // Reported once: the next entry added tries again.
        state.changed = false
        if state.wrote {
          if let original = state.original {
            try? original.write(to: file, options: .atomic)
          } else {
            try? FileManager.default.removeItem(at: file)
          }
          state.wrote = false
        }
        return .failure(leak)
      }
      do {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file, options: .atomic)
      } catch {
        return .failure(error)
      }
      state.changed = false
      defer { state.wrote = true }
      return .success(!state.wrote)
    }
  }
}
