#if DEBUG
  // The text of every report: what happened, and the fix.
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
