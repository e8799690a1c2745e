#if DEBUG
  import Foundation
  internal import CurrentWorldSupport

  // Work that escaped a test world: its place, found off the escaping
  // thread; the escapes still being placed; waiting for them to settle; and
  // the tests that fail on them.
  extension TestWorlds {
    /// The running tests that fail on escapes, by the number they were
    /// given (see ``failOnEscapes(_:)``).
    fileprivate static let escapeFailures = Registry<EscapeFailure>()

    /// A running test that fails, rather than warns, when work escapes a
    /// test world: `.world(escapes: .fail)`, or a `WorldTestCase` whose
    /// ``escapes`` says so.
    package final class EscapeFailure: Sendable {
      private let fail: @Sendable (ReportedIssue) -> Void
      private let failedAt = Locked(Set<String>())

      /// - Parameter fail: Records a failure on the test, from any thread.
      package init(_ fail: @escaping @Sendable (ReportedIssue) -> Void) {
        self.fail = fail
      }

      /// Fails the test with `issue`, once per place.
      fileprivate func fail(_ issue: ReportedIssue, at place: String) {
        if failedAt.withLock({ $0.insert(place).inserted }) { fail(issue) }
      }
    }

    /// Makes `failure`'s test fail on every escape, until
    /// ``stopFailingOnEscapes(_:)`` with the number returned.
    package static func failOnEscapes(_ failure: EscapeFailure) -> Int {
      escapeFailures.add(failure)
    }

    /// Ends what ``failOnEscapes(_:)`` started.
    package static func stopFailingOnEscapes(_ number: Int) {
      escapeFailures.remove(number)
    }

    /// Returns once every escape diagnosed so far has been reported (or
    /// taken by a listener), or after `seconds`: an escape's place is found
    /// off the escaping thread, so its warning may come after the escaped
    /// read returned. The bound is far above what symbolicating takes even
    /// under ThreadSanitizer on a loaded machine (over 10 s there), as the
    /// process may end with the test; an escape still being placed after it
    /// is reported once placed. Swift Testing runs tests in parallel, so one
    /// test's end must not report another's escapes without their places.
    package static func escapesSettled(within seconds: Double = 120) async {
      let places = runnerQuery.withLock { $0 }.places
      await withCheckedContinuation { continuation in
        let waiting = Locked<CheckedContinuation<Void, Never>?>(continuation)
        places.settled { waiting.exchange(nil)?.resume() }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
          waiting.exchange(nil)?.resume()
        }
      }
    }

    /// ``escapesSettled(within:)`` for a thread that cannot wait
    /// asynchronously; whether every escape was reported in time.
    package static func escapesSettled(blockingWithin seconds: Double) -> Bool {
      escapesSettled(runnerQuery.withLock { $0 }.places, blockingWithin: seconds)
    }

    /// ``escapesSettled(blockingWithin:)`` with the place finder given.
    static func escapesSettled(_ places: PlaceFinder, blockingWithin seconds: Double) -> Bool {
      let done = DispatchSemaphore(value: 0)
      places.settled { done.signal() }
      return done.wait(timeout: .now() + seconds) == .success
    }

    /// Reports every escape whose place is still being found, without it,
    /// naming its thread: for an XCTest test's end after a wait that ran
    /// out, after which the process may exit. XCTest runs one test at a
    /// time, so these escapes are this test's or earlier ones'; a place that
    /// arrives later reports nothing twice.
    package static func reportEscapesStillBeingPlaced() {
      reportEscapesStillBeingPlaced(.process)
    }

    /// ``reportEscapesStillBeingPlaced()`` for the escapes given.
    static func reportEscapesStillBeingPlaced(_ pending: PendingEscapes) {
      for escape in pending.takeAll() {
        reportEscape(reading: escape.reading, at: nil, thread: escape.thread)
      }
    }

    /// Reports an escape once per place: at the caller of `Current` where
    /// the build has its file and line, else naming the thread. A place
    /// that is new is found off the escaping thread, and reported from
    /// there.
    static func reportEscape(
      reading: Bool, places: PlaceFinder, pending: PendingEscapes = .process,
      thread: String = threadName()
    ) {
      let number = pending.add(PendingEscape(reading: reading, thread: thread))
      places.later { place in
        // Reported already, without its place, if a test ended first.
        guard let escape = pending.take(number) else { return }
        reportEscape(reading: escape.reading, at: place, thread: escape.thread)
      }
    }

    /// An escape whose place is being found off its thread.
    struct PendingEscape: Sendable {
      let reading: Bool
      let thread: String
    }

    /// The escapes whose place is being found, by number: the process's
    /// (``process``), or a test's own.
    final class PendingEscapes: Sendable {
      private let state = Locked<(last: UInt64, waiting: [UInt64: PendingEscape])>((0, [:]))

      /// The process's escapes.
      static let process = PendingEscapes()

      /// Adds `escape`; returns its number.
      func add(_ escape: PendingEscape) -> UInt64 {
        state.withLock { state in
          state.last += 1
          state.waiting[state.last] = escape
          return state.last
        }
      }

      /// The escape numbered `number`, unless it was taken.
      func take(_ number: UInt64) -> PendingEscape? {
        state.withLock { $0.waiting.removeValue(forKey: number) }
      }

      /// Every escape not taken yet, in order.
      func takeAll() -> [PendingEscape] {
        state.withLock { state in
          defer { state.waiting = [:] }
          return state.waiting.sorted { $0.key < $1.key }.map(\.value)
        }
      }
    }

    /// The calling thread, as a person finds it in a debugger.
    static func threadName() -> String {
      if Thread.isMainThread { return "the main thread" }
      if let name = Thread.current.name, !name.isEmpty { return "the thread \"\(name)\"" }
      return "a thread with no name (\(Thread.current))"
    }

    fileprivate static func reportEscape(reading: Bool, at place: CodePlace?, thread: String) {
      if handedToListeners(Warning(place: place)) { return }
      let whereRead =
        place.map { "at \($0.fileID):\($0.line), in \($0.function)" } ?? "on \(thread)"
      let key = place.map { "\($0.filePath):\($0.line)" } ?? whereRead
      let failing = escapeFailures.values
      if !failing.isEmpty {
        let issue = ReportedIssue(
          message: escapeMessage(reading: reading, whereRead: whereRead, failing: true),
          fileID: place?.fileID ?? "", filePath: place?.filePath ?? "",
          line: place?.line ?? 0, column: place?.column ?? 0, severity: .failure)
        for test in failing { test.fail(issue, at: key) }
        return
      }
      let diagnosis = Diagnosis.escape(place: key)
      guard reported.withLock({ $0.insert(diagnosis).inserted }) else { return }
      IssueReporter.deliver(
        ReportedIssue(
          message: escapeMessage(reading: reading, whereRead: whereRead),
          fileID: place?.fileID ?? "", filePath: place?.filePath ?? "",
          line: place?.line ?? 0, column: place?.column ?? 0, severity: .warning))
    }
  }
#endif
