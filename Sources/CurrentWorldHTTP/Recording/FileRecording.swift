internal import CurrentWorldSupport
import Foundation

// One file's recording, shared by every transport of this process that
// records the file, so that parallel recorders keep each other's entries;
// another process recording the same file is refused (FileClaim).

/// The recording of one HAR file in this process. Every transport that
/// records the file adds its entries here, and each write holds them all.
/// It lasts as long as the process: tests that record one path, at once
/// or one after another, make one recording of it.
final class FileRecording: Sendable {
  /// Whether the file is recorded whole, or keeps its entries and gets
  /// only the requests they do not answer (``HARMode/recordNew``).
  enum Kind: Sendable {
    case whole
    case additions
  }

  let file: URL
  let kind: Kind
  let state: Locked<State>

  struct State: Sendable {
    /// The entries the file is written with, in the order recorded, each
    /// with the key it is matched by and the transport that recorded it
    /// (`nil`: an entry the file had).
    var written: [(entry: HAR.Entry, key: RequestKey?, by: Int?)] = []
    /// The file's entries as ``HARMode/recordAll`` found it, not yet kept:
    /// an entry whose request cannot reach the server while re-recording
    /// is kept, not lost.
    var before: [(key: RequestKey, entry: HAR.Entry)] = []
    /// Every secret this recording has sent or received: each entry is
    /// redacted with them all, and the file checked for them before it is
    /// written.
    var secrets: Set<String> = []
    var announced = false
    /// Whether this process holds the file's claim (``FileClaim``).
    var claimed = false
    /// How many transports joined: each is told apart by its number.
    var members = 0
  }

  private init(file: URL, kind: Kind, state: State) {
    self.file = file
    self.kind = kind
    self.state = Locked(state)
  }

  /// Every file this process records, by its standardized path.
  private static let open = Locked<[String: FileRecording]>([:])

  /// The recording of `file` that a transport in `mode` joins, and the
  /// transport's number in it: the one this process has open, or else a
  /// new one when the mode records; `nil` when the transport only replays.
  static func joined(
    _ file: URL, mode: HARMode, exists: Bool, entries: () -> [(key: RequestKey, entry: HAR.Entry)]
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
        state.written = entries().map { ($0.entry, $0.key, nil) }
      case .recordIfMissing where exists, .replay, .replayThrowingMisses:
        return nil
      case .recordIfMissing, .recordNew:
        kind = .whole
      }
      let recording = FileRecording(file: file, kind: kind, state: state)
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

  /// Ends this process's recording of `file`, as the process's end does,
  /// so that the next transport resolves it afresh: for a test that
  /// stands in for a later run.
  static func close(_ file: URL) {
    let closed = open.withLock { $0.removeValue(forKey: file.standardizedFileURL.path) }
    if closed?.state.withLock({ $0.claimed }) == true { FileClaim.release(file) }
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

  /// Every secret the recording knows.
  var secrets: Set<String> { state.withLock { $0.secrets } }

  /// The file's own entry for `key`, as ``HARMode/recordAll`` found it,
  /// taken so that the file keeps it: it is written with the next entry,
  /// and a recording that writes none leaves the file as it was; `nil`
  /// when the file had none.
  /// `rewrite` says that the file, written by this recording already,
  /// lacks the entry until it is written again (``rewrite(by:)``).
  func keep(_ key: RequestKey, by member: Int) -> (entry: HAR.Entry, rewrite: Bool)? {
    state.withLock { state in
      guard let index = state.before.firstIndex(where: { $0.key == key }) else { return nil }
      let kept = state.before.remove(at: index)
      state.written.append((kept.entry, kept.key, member))
      return (kept.entry, state.announced)
    }
  }

  /// Another process's claim on the file: the id of the process holding it.
  struct Claimed: Error {
    var holder: Int32
  }

  /// Adds `entry` (none: writes the entries again), recorded by transport
  /// `member` and answering `key`, and writes the file with every entry after the last check for every
  /// secret the recording knows, `secrets` among them. True when this was
  /// the recording's first write.
  func write(_ entry: HAR.Entry?, key: RequestKey?, by member: Int, secrets: Set<String>)
    -> Result<Bool, any Error>
  {
    // Checked and written under the lock, so that of two answers recorded
    // at once the file keeps both, whichever finishes writing last.
    state.withLock { state in
      state.secrets.formUnion(secrets)
      let entries = state.written.map(\.entry) + (entry.map { [$0] } ?? [])
      let bytes = HAR.encode(HARRecording.document(entries))
      if let leak = HARLeakCheck.leak(
        in: entries, bytes: bytes, forms: SecretForms(state.secrets))
      {
        return .failure(leak)
      }
      do {
        if !state.claimed {
          if let holder = try FileClaim.claim(file) { return .failure(Claimed(holder: holder)) }
          state.claimed = true
        }
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file, options: .atomic)
      } catch {
        return .failure(error)
      }
      if let entry { state.written.append((entry, key, member)) }
      defer { state.announced = true }
      return .success(!state.announced)
    }
  }
}
