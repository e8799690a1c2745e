#if DEBUG
  internal import CurrentWorldSupport
  import Foundation

  /// Names the test that waits, when a wait of the library's (a sleep on a
  /// test clock, an answer through a session that replays, a live answer)
  /// lasts longer than a test should: a hang names itself within a minute,
  /// before any time limit ends the run.
  ///
  /// Waits in a test's world (the `.world` trait, `WorldTestCase`) are
  /// watched while that test runs: work it left behind is not its wait.
  /// Waits in the tasks of a Swift Testing test without a world, and the
  /// requests of a session such a test made, are watched too, as "work of
  /// the test": whether it has ended cannot be told. Work that leaves the
  /// test's tasks without its world (`Task.detached`, GCD) and plain
  /// `XCTestCase` tests are not watched. The note is a line on
  /// standard error, written from a thread of its own, so it comes even
  /// when every task of the process is stuck. It fails nothing: a loaded
  /// machine may make a wait long that ends.
  package enum LongWaits {
    /// A wait that ``begin(_:fix:test:)`` started, for ``end(_:)``.
    package struct Wait: Sendable {
      fileprivate let id: UInt64
    }

    private struct Watched {
      /// The checks of the test's world; `nil` for a test without one.
      let checks: TestEndChecks?
      let test: String
      let what: String
      let fix: String
      let started: ContinuousClock.Instant
      var noted = false
    }

    private struct State {
      var next: UInt64 = 0
      var watched: [UInt64: Watched] = [:]
      var watching = false
      var notes = 0
    }

    private static let state = Locked(State())

    /// How long a wait lasts before its note: 45 seconds, or the whole
    /// seconds that `CURRENTWORLD_WAIT_NOTE_SECONDS` gives.
    static let patience: Duration = {
      let given = ProcessInfo.processInfo.environment["CURRENTWORLD_WAIT_NOTE_SECONDS"]
      guard let given, let seconds = Int(given), seconds > 0 else { return .seconds(45) }
      return .seconds(seconds)
    }()

    /// How many notes have been written: for tests, which wait for one.
    package static var notesWritten: Int { state.withLock { $0.notes } }

    /// The names of the tests with a wait watched now, once each: for tests.
    package static var watchedTests: Set<String> {
      state.withLock { Set($0.watched.values.map(\.test)) }
    }

    /// How often the watching thread looks.
    private static let look = 0.5

    /// Starts watching a wait of the test whose world is in effect, else
    /// of the Swift Testing test that runs the caller, else of the test
    /// named `test` (for work on another thread, which knows its test);
    /// outside tests, nothing. `what` says what it waits for, `fix` what
    /// ends the wait.
    package static func begin(
      _ what: @autoclosure () -> String, fix: String, test: String? = nil
    ) -> Wait? {
      // A test that has ended is dropped at the next look, unnamed.
      let checks = TestEndChecks.inEffect
      guard let name = checks?.testName ?? TestWorlds.runningTestName() ?? test else {
        return nil
      }
      let watched = Watched(checks: checks, test: name, what: what(), fix: fix, started: .now)
      let (id, start) = state.withLock { state in
        state.next += 1
        state.watched[state.next] = watched
        defer { state.watching = true }
        return (state.next, !state.watching)
      }
      if start { startWatching() }
      return Wait(id: id)
    }

    /// Stops watching `wait`; nothing when it is `nil`.
    package static func end(_ wait: Wait?) {
      guard let wait else { return }
      let ended = state.withLock { $0.watched.removeValue(forKey: wait.id) }
      // Released here, after the lock opens.
      withExtendedLifetime(ended) {}
    }

    /// Runs `operation`, watched as a wait for `what`.
    package static func watch<R>(
      _ what: @autoclosure () -> String, fix: String,
      isolation: isolated (any Actor)? = #isolation,
      operation: () async throws -> R
    ) async rethrows -> R {
      let wait = begin(what(), fix: fix)
      defer { end(wait) }
      return try await operation()
    }

    private static func startWatching() {
      let thread = Thread {
        while true {
          Thread.sleep(forTimeInterval: look)
          for line in due() {
            // A closed standard error fails the write, which must not stop
            // the process: the note is help, not a check.
            try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
            state.withLock { $0.notes += 1 }
          }
        }
      }
      thread.name = "CurrentWorld long waits"
      thread.start()
    }

    /// The notes of the waits that have just lasted ``patience``, each
    /// once; the waits of ended tests are dropped unsaid.
    private static func due() -> [String] {
      let now = ContinuousClock.now
      let (due, dropped) = state.withLock { state -> ([Watched], [Watched]) in
        var due: [Watched] = []
        var dropped: [Watched] = []
        for (id, watched) in state.watched {
          if watched.checks?.hasEnded == true {
            dropped.append(watched)
            state.watched[id] = nil
          } else if !watched.noted && now - watched.started >= patience {
            due.append(watched)
            state.watched[id]?.noted = true
          }
        }
        return (due, dropped)
      }
      withExtendedLifetime(dropped) {}
      return due.map { watched in
        let seconds = Int((now - watched.started).components.seconds)
        // Without a world of its own (the .world trait's), the test may
        // have ended, or the session that waits may be one it made and
        // another test uses: the work is named by the test it came from.
        let whose = watched.checks == nil ? "work of the test" : "the test"
        return """
          CurrentWorld: \(whose) \(watched.test) has waited \(seconds) s of real time for \
          \(watched.what), and waits still. \(watched.fix) If the test never ends, this is \
          where it waits.\n
          """
      }
    }
  }
#endif
