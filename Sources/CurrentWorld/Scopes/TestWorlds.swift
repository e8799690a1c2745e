#if DEBUG
  import Foundation
  internal import CurrentWorldSupport

  /// The test worlds of a test process, and what CurrentWorld says when code
  /// reads or writes the process-wide world while they run.
  ///
  /// CurrentWorldTesting enters every test world through here, and tells
  /// which test runner is running a test on the calling thread. The core
  /// cannot import XCTest or Swift Testing, because apps link it.
  package enum TestWorlds {
    /// Which runner runs a test on the calling thread or task.
    package enum Runner: Sendable {
      /// An XCTest test is running (on any thread); the process-wide world
      /// is reset after it.
      case xcTest
      /// The caller is a Swift Testing test, or a task of one.
      case swiftTesting
      /// Neither: detached work, or no test at all.
      case none
    }

    /// The problems that are reported once each: per test for a test
    /// without a world, per process for the rest.
    enum Diagnosis: Hashable {
      case writeOutsideTests
      /// An escape, once per place in the code (or per thread, where the
      /// place cannot be found).
      case escape(place: String)
      case inTestWithoutWorld(test: String)
    }

    private static let active = Locked(0)
    private static let reported = Locked(Set<Diagnosis>())
    /// Who may take an escape or write warning instead of the reporter,
    /// while anyone does, by the number they were given.
    private static let warningListeners = Locked(
      (next: 0, listeners: [Int: @Sendable (Warning) -> Bool]()))
    /// The running tests that fail on escapes, by the number they were
    /// given (see ``failOnEscapes(_:)``).
    private static let escapeFailures = Locked((next: 0, failing: [Int: EscapeFailure]()))

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
      escapeFailures.withLock { state in
        state.next += 1
        state.failing[state.next] = failure
        return state.next
      }
    }

    /// Ends what ``failOnEscapes(_:)`` started.
    package static func stopFailingOnEscapes(_ number: Int) {
      let removed = escapeFailures.withLock { $0.failing.removeValue(forKey: number) }
      withExtendedLifetime(removed) {}
    }

    /// A warning about `Current` used outside every test world, as a
    /// listener sees it (see ``addWarningListener(_:)``).
    package struct Warning: Sendable {
      /// Where `Current` was read or written, where the build can tell;
      /// `nil` for a write outside any test, which has no place.
      package let place: CodePlace?
    }
    private static let runnerQuery = Locked(
      RunnerQuery(identify: { .none }, test: { nil }, places: .none))

    /// Where in the user's code `Current` was read or written: the caller
    /// of `Current`, as the test library finds it in the call stack.
    package struct CodePlace: Sendable, Hashable {
      /// `Module/File.swift`.
      package var fileID: String
      package var filePath: String
      package var line: Int
      package var column: Int
      /// The function, as the symbol table names it.
      package var function: String

      package init(fileID: String, filePath: String, line: Int, column: Int, function: String) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        self.function = function
      }
    }

    /// The closures that tell which runner runs the calling code, and which
    /// Swift Testing test, kept in a struct: a bare closure in `Locked` is
    /// re-wrapped in a conversion thunk by every `inout` access, so each
    /// query would get slower and deeper until the stack overflows.
    private struct RunnerQuery: Sendable {
      let identify: @Sendable () -> Runner
      let test: @Sendable () -> String?
      let places: PlaceFinder
    }

    /// How the test library finds where in the user's code `Current` was
    /// read or written: the caller of `Current`, from the call stack.
    package struct PlaceFinder: Sendable {
      /// The place, found on the calling thread.
      let now: @Sendable () -> CodePlace?
      /// Hands the place to its argument: at once where the place is
      /// already known, else from another thread once it is found, so that
      /// the calling thread is not held up meanwhile.
      let later: @Sendable (_ deliver: @escaping @Sendable (CodePlace?) -> Void) -> Void
      /// Calls its argument once every place asked for `later` so far has
      /// been delivered.
      let settled: @Sendable (_ then: @escaping @Sendable () -> Void) -> Void

      package init(
        now: @escaping @Sendable () -> CodePlace?,
        later: @escaping @Sendable (_ deliver: @escaping @Sendable (CodePlace?) -> Void) -> Void,
        settled: @escaping @Sendable (_ then: @escaping @Sendable () -> Void) -> Void
      ) {
        self.now = now
        self.later = later
        self.settled = settled
      }

      /// Finds no place.
      static let none = PlaceFinder(now: { nil }, later: { $0(nil) }, settled: { $0() })
    }

    /// Installs the closures that tell which runner runs the calling code,
    /// the name of the Swift Testing test that does, if any, and where in
    /// the user's code the caller of `Current` is, if the build says.
    package static func identifyRunner(
      with query: @escaping @Sendable () -> Runner,
      test: @escaping @Sendable () -> String?,
      places: PlaceFinder
    ) {
      let installed = RunnerQuery(identify: query, test: test, places: places)
      withExtendedLifetime(runnerQuery.exchange(installed)) {}
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

    /// Puts the process-wide world back as it was at launch; XCTest's
    /// observer calls it around each test.
    package static func resetProcessWide() {
      WorldScope.resetProcessWide()
    }

    /// Runs `operation` in `world`, counted as a test world.
    package static func withTestWorld<Result>(
      _ world: World,
      operation: () throws -> Result
    ) rethrows -> Result {
      active.withLock { $0 += 1 }
      defer { active.withLock { $0 -= 1 } }
      return try withWorld(world, operation: operation)
    }

    /// Runs the asynchronous `operation` in `world`, counted as a test world.
    package static func withTestWorld<Result>(
      _ world: World,
      isolation: isolated (any Actor)? = #isolation,
      operation: () async throws -> Result
    ) async rethrows -> Result {
      active.withLock { $0 += 1 }
      defer { active.withLock { $0 -= 1 } }
      return try await withWorld(world, isolation: isolation, operation: operation)
    }

    /// The world that `Current` reads here, read without diagnosing an
    /// escape: for the test reporter, which asks which test's world a
    /// report came from.
    package static func worldInEffect() -> World {
      WorldScope.box.world
    }

    /// The world that `Current` reads here, for a library that only waits
    /// on its clock (HTTP timeouts): an escape is still diagnosed, a Swift
    /// Testing test without a world is not, since a clock is where a wait
    /// sleeps, not a value that differs between machines.
    package static func worldForWaiting() -> World {
      let box = WorldScope.box
      if box.watchesForEscapes { diagnose(reading: true, inTestWithoutWorld: false) }
      return box.world
    }

    /// Called on each read of the process-wide world in a test process.
    static func readOutsideScopes() {
      diagnose(reading: true)
    }

    /// Called on each write of the process-wide world in a test process.
    static func wroteOutsideScopes() {
      diagnose(reading: false)
    }

    /// Reports a read or write of the process-wide world, by who made it:
    /// - a Swift Testing test without a world, which would see the
    ///   machine's clock and locale or leak its write: one failure per test,
    ///   at its first read or write (unless `inTestWithoutWorld` is
    ///   `false`);
    /// - anything else while a test world is active, which escaped it (the
    ///   test in that world never reaches the process-wide world): a
    ///   warning, once per place;
    /// - a write by no test: a warning, once.
    ///
    /// A plain XCTestCase reads and writes the process-wide world by
    /// design: XCTest resets it around each test.
    private static func diagnose(reading: Bool, inTestWithoutWorld: Bool = true) {
      let query = runnerQuery.withLock { $0 }
      let runner = query.identify()
      if runner == .swiftTesting {
        guard inTestWithoutWorld else { return }
        reportTestWithoutWorld(query)
      } else if active.withLock({ $0 }) > 0 {
        reportEscape(reading: reading, places: query.places)
      } else if !reading && runner == .none {
        reportOnce(.writeOutsideTests, writeOutsideTestsMessage, isWarning: true)
      }
    }

    /// Which runner runs the calling code, as the installed query says.
    package static func runner() -> Runner {
      runnerQuery.withLock { $0 }.identify()
    }

    /// Offers every escape or write warning to `listener`, until
    /// ``removeWarningListener(_:)``; one that it takes (by returning
    /// `true`) does not reach the reporter. Tests that provoke the warnings
    /// on purpose take theirs, by place, and count them rather than leak
    /// them into the run; other tests' warnings go on to the reporter.
    /// Every escaped read is offered, not only the first at its place.
    /// Returns the number that removes it.
    package static func addWarningListener(
      _ listener: @escaping @Sendable (Warning) -> Bool
    ) -> Int {
      warningListeners.withLock { state in
        state.next += 1
        state.listeners[state.next] = listener
        return state.next
      }
    }

    /// Stops handing warnings to the listener that `number` names.
    package static func removeWarningListener(_ number: Int) {
      let removed = warningListeners.withLock { $0.listeners.removeValue(forKey: number) }
      withExtendedLifetime(removed) {}
    }

    /// Reports a Swift Testing test without a world once: at the caller of
    /// `Current` where the build has its file and line, else at the test.
    /// Its first read or write is reported, and the message says what a
    /// read and a write each do, so that a later write of the same test
    /// (`Current.score = 1` reads before it writes) needs no issue of its
    /// own.
    private static func reportTestWithoutWorld(_ query: RunnerQuery) {
      let diagnosis = Diagnosis.inTestWithoutWorld(test: query.test() ?? "")
      // Found before it is located: a place costs a backtrace.
      if reported.withLock({ $0.contains(diagnosis) }) { return }
      let place = query.places.now()
      guard reported.withLock({ $0.insert(diagnosis).inserted }) else { return }
      IssueReporter.deliver(
        ReportedIssue(
          message: inTestWithoutWorldMessage, fileID: place?.fileID ?? "",
          filePath: place?.filePath ?? "", line: place?.line ?? 0, column: place?.column ?? 0,
          severity: .failure))
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

    private static func reportEscape(reading: Bool, at place: CodePlace?, thread: String) {
      if handedToListeners(Warning(place: place)) { return }
      let whereRead =
        place.map { "at \($0.fileID):\($0.line), in \($0.function)" } ?? "on \(thread)"
      let key = place.map { "\($0.filePath):\($0.line)" } ?? whereRead
      let failing = escapeFailures.withLock { Array($0.failing.values) }
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

    /// The calling thread, as a person finds it in a debugger.
    static func threadName() -> String {
      if Thread.isMainThread { return "the main thread" }
      if let name = Thread.current.name, !name.isEmpty { return "the thread \"\(name)\"" }
      return "a thread with no name (\(Thread.current))"
    }

    /// Whether a listener took `warning` (see ``addWarningListener(_:)``).
    private static func handedToListeners(_ warning: Warning) -> Bool {
      let listeners = warningListeners.withLock { Array($0.listeners.values) }
      // Every listener is offered it, whichever takes it.
      var taken = false
      for listener in listeners {
        if listener(warning) { taken = true }
      }
      return taken
    }

    private static func reportOnce(_ diagnosis: Diagnosis, _ message: String, isWarning: Bool) {
      if isWarning && handedToListeners(Warning(place: nil)) { return }
      guard reported.withLock({ $0.insert(diagnosis).inserted }) else { return }
      // No place: the code that read or wrote is not known, and a made-up
      // place would send users to a file they do not have.
      let issue = ReportedIssue(
        message: message, fileID: "", filePath: "", line: 0, column: 0,
        severity: isWarning ? .warning : .failure)
      IssueReporter.deliver(issue)
    }
  }

  extension TestWorlds {
    /// How a test gets a world of its own, in both runners.
    static let testWorldFixes = """
      @Test(.world) or @Suite(.world) in Swift Testing; a subclass of WorldTestCase in XCTest
      """

    static func escapeMessage(reading: Bool, whereRead: String, failing: Bool = false) -> String {
      """
      Current was \(reading ? "read" : "written") outside every test world while a test world \
      was active, \(whereRead): work that a test started escaped its world (Task.detached, DispatchQueue, \
      OperationQueue, Thread, a timer, a NotificationCenter observer or a stored callback), so \
      it sees the process-wide world instead of the test's overrides. Carry the world into that \
      work with SharedWorld:

          let world = SharedWorld()
          DispatchQueue.global().async { world.run { … } }

      On a server, code that the framework runs outside the request's task (Vapor's future \
      callbacks, such as a map on next.respond(to:) after an async handler) reads the request's \
      world from the request instead: req.world in CurrentWorldVapor.

      \(failing ? escapeFailureNote : "(This warning is shown once per place.)")
      """
    }

    static let escapeFailureNote = """
      (A failure, not a warning: this test fails on escapes, as escapes: .fail asked. It fails \
      on every escape while it runs, once per place, so the work may be this test's or that of a \
      test running beside it.)
      """

    static let inTestWithoutWorldMessage = """
      Current was read or written in a test that has no test world, so it used the \
      process-wide world: a read sees the machine's clock, locale and time zone, which differ \
      from one machine to the next, and a write leaks into every later test and races with \
      tests that run in parallel. Give the test a world of its own, with the test world's \
      fixed date, en_US_POSIX, UTC and the Gregorian calendar: \(testWorldFixes). \
      (Reported once per test, at its first read or write of Current.)
      """

    static let writeOutsideTestsMessage = """
      Current was written outside any test, in a test process: the write stays in the \
      process-wide world for every later test. Write inside a test instead, in a world of its \
      own: \(testWorldFixes). (This warning is shown once per process.)
      """
  }
#endif
