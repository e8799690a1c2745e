internal import CurrentWorldSupport
import Foundation

/// A process's claim to write a recording: a file beside it,
/// `name.har.lock`, holding the process's id, made before the first write
/// and removed as the process exits. Another process (one of Xcode's
/// parallel test processes) that records the same file while the claim's
/// process runs is refused, naming it, rather than drop its entries.
enum FileClaim {
  /// The claim file of `recording`.
  static func url(of recording: URL) -> URL {
    recording.deletingLastPathComponent().appendingPathComponent(
      "\(recording.lastPathComponent).lock")
  }

  /// Claims `recording` for this process; the id of the running process
  /// that holds it instead, when one does. A claim whose process has
  /// ended is taken over.
  static func claim(_ recording: URL) throws -> Int32? {
    let claim = url(of: recording)
    let own = ProcessInfo.processInfo.processIdentifier
    for _ in 0..<2 {
      do {
        try FileManager.default.createDirectory(
          at: claim.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Made whole, then linked into place, which fails if a claim is
        // there: another process never reads a claim half written.
        let whole = claim.deletingLastPathComponent().appendingPathComponent(
          ".\(claim.lastPathComponent).\(own)")
        try Data("\(own)\n".utf8).write(to: whole)
        defer { try? FileManager.default.removeItem(at: whole) }
        try FileManager.default.linkItem(at: whole, to: claim)
        made.withLock { $0.append(claim) }
        return nil
      } catch {
        guard FileManager.default.fileExists(atPath: claim.path) else { throw error }
      }
      let text = (try? String(contentsOf: claim, encoding: .utf8)) ?? ""
      if let holder = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
        holder != own, isRunning(holder)
      {
        return holder
      }
      // Its process has ended (or it is this one's, from before): stale.
      try? FileManager.default.removeItem(at: claim)
    }
    return nil
  }

  /// Whether a process with id `pid` runs: signal 0 checks without
  /// sending, and a process of another user answers "not permitted".
  private static func isRunning(_ pid: Int32) -> Bool {
    pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
  }

  /// The claims this process made, removed as it exits.
  private static let made: Locked<[URL]> = {
    atexit { FileClaim.releaseAll() }
    return Locked([])
  }()

  private static func releaseAll() {
    for claim in made.withLock({ $0 }) { remove(claim) }
  }

  /// Removes this process's claim on `recording`.
  static func release(_ recording: URL) {
    let claim = url(of: recording)
    made.withLock { $0.removeAll { $0 == claim } }
    remove(claim)
  }

  /// Removes `claim` if it is still this process's.
  private static func remove(_ claim: URL) {
    let own = "\(ProcessInfo.processInfo.processIdentifier)\n"
    guard (try? String(contentsOf: claim, encoding: .utf8)) == own else { return }
    try? FileManager.default.removeItem(at: claim)
  }
}
