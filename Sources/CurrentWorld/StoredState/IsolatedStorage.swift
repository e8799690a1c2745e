internal import CurrentWorldSupport
import Foundation

/// What a test's or a preview's stores leave on disk, and who removes it:
/// the test whose world made it, as that world ends; for a store of the
/// process-wide world (a plain `XCTestCase`), the end of the XCTest test;
/// and, for whatever is still there, the process's exit, which removes
/// every path a store made once more (code that kept a store may have
/// written it after its test), except folders kept for a failed test.
enum IsolatedStorage {
  /// A removal: `keep` asks to leave what the store made (its test failed),
  /// and the answer says where it was left, if it was.
  typealias Ending = @Sendable (_ keep: Bool) -> String?

  private static let state = Locked(
    (
      last: 0, due: [Int: Ending](), unowned: Set<Int>(), paths: [Int: URL](),
      exitHandler: false
    ))

  /// A path under the temporary directory that no other store, process or
  /// run uses.
  static func uniqueURL(_ kind: String) -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("CurrentWorld-\(kind)-\(UUID().uuidString)", isDirectory: false)
  }

  /// Registers `end` for a store just made in `world`, which keeps its
  /// files at `path`: to run as the test of that world ends, else at the
  /// end of the XCTest test running now, and at the process's exit if
  /// neither ran it.
  static func register(in world: World, path: URL, _ end: @escaping Ending) {
    let (number, installExitHandler) = state.withLock { state in
      state.last += 1
      state.due[state.last] = end
      state.paths[state.last] = path
      defer { state.exitHandler = true }
      return (state.last, !state.exitHandler)
    }
    if installExitHandler { atexit { IsolatedStorage.endAll() } }
    #if DEBUG
      if let checks = world[TestEndChecksKey.self] {
        checks.addEnding { keep in run(number, keep: keep) }
        return
      }
    #endif
    _ = state.withLock { $0.unowned.insert(number) }
  }

  /// Ends the stores that no test world owns, made since the last call:
  /// the process-wide world's, which a plain `XCTestCase` uses. Returns
  /// where kept folders were left.
  static func endUnowned(keep: Bool) -> [String] {
    let numbers = state.withLock { state in
      defer { state.unowned = [] }
      return state.unowned.sorted()
    }
    return numbers.compactMap { run($0, keep: keep) }
  }

  /// Runs the removal `number` names, once, outside the lock.
  @discardableResult
  private static func run(_ number: Int, keep: Bool) -> String? {
    let (end, path) = state.withLock { state in
      state.unowned.remove(number)
      return (state.due.removeValue(forKey: number), state.paths[number])
    }
    guard let end else { return nil }
    guard let kept = end(keep) else {
      // Removed now, and again at exit, for code that writes it later.
      if let path { try? FileManager.default.removeItem(at: path) }
      return nil
    }
    // Left for the user to look at: not removed at exit either.
    _ = state.withLock { $0.paths.removeValue(forKey: number) }
    return kept
  }

  /// Removes everything still due, as the process exits.
  private static func endAll() {
    let (ends, paths) = state.withLock { state in
      defer { state.due = [:] }
      return (Array(state.due.values), Array(state.paths.values))
    }
    for end in ends { _ = end(false) }
    for path in paths { try? FileManager.default.removeItem(at: path) }
  }
}

#if DEBUG
  extension TestWorlds {
    /// Ends the stores of the process-wide world (a plain `XCTestCase`'s)
    /// made since the last call; returns where kept folders were left.
    package static func endProcessWideStorage(failed: Bool) -> [String] {
      IsolatedStorage.endUnowned(keep: failed)
    }

    /// What a failed test is told of the folders it kept at `path`.
    package static func keptFoldersMessage(_ path: String) -> String {
      """
      The test failed, so its folders (Current.directories) were kept for you to look at: \
      \(path). A passing test's folders are removed as it ends; remove these when done.
      """
    }
  }
#endif

/// A store that is equal only to itself, as a world's fields compare it.
protocol IdentifiedStore: AnyObject, Hashable {}

extension IdentifiedStore {
  static func == (a: Self, b: Self) -> Bool { a === b }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension SendableDefaults: IdentifiedStore {}
extension IsolatedDefaults: IdentifiedStore {}
extension IsolatedFolders: IdentifiedStore {}
