#if DEBUG
  internal import CurrentWorldSupport
  import Foundation

  /// Tells a test process which tests wrote `UserDefaults.standard`, the
  /// app's real settings, where `Current.defaults` was meant.
  ///
  /// corelibs Foundation posts no change notification for a write in the
  /// process, so the standard store's own domain is compared as each test
  /// starts and ends. A change found at a test's end that only that test
  /// can have made (no other test ran since the last comparison) is that
  /// test's failure; any other is printed once, as the process exits, with
  /// the keys and the tests that were running.
  enum StandardDefaultsWatch {
    private struct State: Sendable {
      var baseline: [String: Data]?
      var running: [Int: String] = [:]
      /// The tests that ran since the last comparison.
      var suspects: Set<String> = []
      var last = 0
      var unattributed: [(keys: [String], tests: [String])] = []
      var exitHandler = false
    }

    private static let state = Locked(State())

    /// The standard store's own domain, as comparable bytes per key.
    private static func snapshot() -> [String: Data] {
      // The standard store's own domain: the bundle's identifier on Apple's
      // systems; corelibs, where a test process has none, names it by
      // CFPreferences' name for the current application.
      let name = Bundle.main.bundleIdentifier ?? "kCFPreferencesCurrentApplication"
      let domain = UserDefaults.standard.persistentDomain(forName: name) ?? [:]
      return domain.mapValues { value in
        (try? PropertyListSerialization.data(
          fromPropertyList: value, format: .binary, options: 0))
          ?? Data(String(describing: value).utf8)
      }
    }

    /// Notes that the test `name` started; returns the number that ends it.
    static func started(_ name: String) -> Int {
      let install = state.withLock { state in
        if state.baseline == nil { state.baseline = snapshot() }
        state.last += 1
        state.running[state.last] = name
        state.suspects.insert(name)
        defer { state.exitHandler = true }
        return (state.last, !state.exitHandler)
      }
      if install.1 { atexit { StandardDefaultsWatch.printUnattributed() } }
      return install.0
    }

    /// Notes that test `number` ended. Returns the failure message when the
    /// standard store changed while it alone ran; a change that another
    /// test could have made is kept for the report at exit.
    static func ended(_ number: Int, reportsFailures: Bool = true) -> String? {
      state.withLock { state in
        let now = snapshot()
        let before = state.baseline ?? [:]
        let changed = Set(before.keys).union(now.keys).filter { before[$0] != now[$0] }.sorted()
        let name = state.running.removeValue(forKey: number) ?? "a test"
        let suspects = state.suspects.sorted()
        state.baseline = now
        state.suspects = Set(state.running.values)
        guard !changed.isEmpty else { return nil }
        if suspects == [name] && reportsFailures { return message(changed) }
        state.unattributed.append((changed, suspects))
        return nil
      }
    }

    /// `key "a"`, `keys "a", "b"`.
    private static func named(_ keys: [String]) -> String {
      (keys.count == 1 ? "key " : "keys ") + keys.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private static func message(_ keys: [String]) -> String {
      """
      This test wrote UserDefaults.standard, the app's real settings, which outlive the run \
      and which parallel tests share: \(named(keys)). Write \
      Current.defaults instead (Current.defaults.set(…, forKey: …)), a store of the test's own.
      """
    }

    private static func printUnattributed() {
      let found = state.withLock { $0.unattributed }
      for (keys, tests) in found {
        let message = """
          CurrentWorld: while tests ran, UserDefaults.standard, the app's real settings, was \
          written (\(named(keys))) by one of: \
          \(tests.joined(separator: "; ")). Write Current.defaults instead, a store of each \
          test's own.\n
          """
        FileHandle.standardError.write(Data(message.utf8))
      }
    }
  }
#endif
