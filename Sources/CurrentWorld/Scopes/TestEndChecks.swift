#if DEBUG
  internal import CurrentWorldSupport

  /// Checks that run as a test's world ends, before the test does, in that
  /// world: a check's issue fails the test it belongs to. A strict HTTP
  /// replay adds one, which reports the answers no request took.
  ///
  /// CurrentWorldTesting puts one in each test's world (under
  /// ``TestEndChecksKey``) and runs it after the test's body; a check added
  /// outside a test world has no test to run it.
  package final class TestEndChecks: Sendable {
    private let checks = Locked<[@Sendable () -> Void]>([])
    private let endings = Locked<[@Sendable (_ keep: Bool) -> String?]>([])
    private let failed = Locked(false)
    private let ended = Locked(false)

    /// The test, as its runner names it, for messages that name it.
    package let testName: String

    package init(testName: String) {
      self.testName = testName
    }

    /// Adds `check`, to run once when the test's world ends.
    package func add(_ check: @escaping @Sendable () -> Void) {
      checks.withLock { $0.append(check) }
    }

    /// Whether the test's world has ended: ``run()`` has begun.
    package var hasEnded: Bool { ended.withLock { $0 } }

    /// Runs every check added so far, once, in the order they were added.
    package func run() {
      ended.withLock { $0 = true }
      let due = checks.withLock { checks in
        defer { checks = [] }
        return checks
      }
      for check in due { check() }
    }

    /// Adds `ending`, a removal of something the test's world made (its
    /// settings store, its folders), to run once by ``end()``.
    package func addEnding(_ ending: @escaping @Sendable (_ keep: Bool) -> String?) {
      endings.withLock { $0.append(ending) }
    }

    /// Notes that the test failed, so that ``end()`` keeps what an ending
    /// keeps for the user to look at.
    package func noteFailure() {
      failed.withLock { $0 = true }
    }

    /// Runs every ending added so far, once, after the test's last issue,
    /// keeping what an ending keeps if the test failed. Returns where kept
    /// things were left.
    package func end() -> [String] {
      let due = endings.withLock { endings in
        defer { endings = [] }
        return endings
      }
      let keep = failed.withLock { $0 }
      return due.compactMap { $0(keep) }
    }

    /// The checks of the test whose world is in effect, if any; read
    /// without diagnosing an escape.
    package static var inEffect: TestEndChecks? {
      TestWorlds.worldInEffect()[TestEndChecksKey.self]
    }
  }

  /// The key under which a test's world holds its ``TestEndChecks``.
  package enum TestEndChecksKey: WorldKey {
    package static let liveValue: TestEndChecks? = nil
    package static let testValue: TestEndChecks? = nil
  }
#endif
