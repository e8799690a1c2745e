#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport
  import Foundation

  /// Carries an issue that code reports outside a test's task, but in a
  /// world made from the test's, back to that test.
  ///
  /// A test's world holds its relay under ``TestRelayKey``, so every world
  /// made from it does too: a `SharedWorld` captured in the test, a
  /// request's world made from the test's server world. Swift Testing
  /// attributes an issue by the task that records it, so the relay hands
  /// issues to a recorder that runs in the test's own task tree (the
  /// `.world` trait's) or, in XCTest, that `WorldTestCase` drains before its
  /// test ends.
  final class TestRelay: Sendable {
    /// The test, as its runner names it, for an issue that arrives late.
    let testName: String
    private let state: Locked<State>

    private struct State {
      var ended = false
      var record: (@Sendable (ReportedIssue) -> Void)?
      var pending: [ReportedIssue] = []
    }

    /// A relay that hands each issue to `record` while the test runs, or,
    /// with no `record`, keeps it for ``end()``.
    init(testName: String, record: (@Sendable (ReportedIssue) -> Void)? = nil) {
      self.testName = testName
      state = Locked(State(record: record))
    }

    /// Hands `issue` to the test, with a line that says where it came from;
    /// `false` if the test has ended.
    func relay(_ issue: ReportedIssue) -> Bool {
      var issue = issue
      issue.message +=
        "\n\n"
        + (issue.whereReported
          ?? "(Reported from outside the test's task, \(Self.whereReported()), "
          + "in a world made from this test's.)")
      return state.withLock { state in
        guard !state.ended else { return false }
        if let record = state.record { record(issue) } else { state.pending.append(issue) }
        return true
      }
    }

    /// Ends the test's relay; returns the issues kept for it, in order.
    /// Later issues are reported as late.
    func end() -> [ReportedIssue] {
      state.withLock { state in
        state.ended = true
        state.record = nil
        defer { state.pending = [] }
        return state.pending
      }
    }

    /// `issue`, marked as one that came from this test's world after the
    /// test had ended.
    func late(_ issue: ReportedIssue) -> ReportedIssue {
      var issue = issue
      issue.message +=
        "\n\n(Reported from the world of the test \(testName) after that test had "
        + "ended, \(Self.whereReported()): work that the test started outlived it. Wait for "
        + "that work before the test returns.)"
      return issue
    }

    /// Where the code that reported runs, as far as can be told.
    static func whereReported() -> String {
      Thread.isMainThread
        ? "on the main thread"
        : "on another thread or task (a queue, a Thread, a detached task, a server's event loop)"
    }

    /// The relay of the world that `Current` reads here, if a test made it.
    static var inEffect: TestRelay? {
      TestWorlds.worldInEffect()[TestRelayKey.self]
    }

    /// `issue`, reported outside every test's task from a world that no
    /// test made, with the line that says how to hand a test's world over.
    /// A warning without a place goes to standard error alone, as it was.
    static func fromNoTestWorld(_ issue: ReportedIssue) -> ReportedIssue {
      guard issue.isPlaced || !issue.isWarning else { return issue }
      var issue = issue
      issue.message += noTestWorld
      return issue
    }

    /// The line added to an issue reported outside every test's task from
    /// a world that no test made.
    static let noTestWorld = """


      (Reported outside every test's task, from a world that no test made, so no test can be \
      named. Hand the test's world to that work: SharedWorld() in the test, then world.run { … } \
      in the work; in a Vapor request, withWorld(req.world) { … }.)
      """
  }

  /// The key under which a test's world holds its ``TestRelay``.
  enum TestRelayKey: WorldKey {
    static let liveValue: TestRelay? = nil
    static let testValue: TestRelay? = nil
  }
#endif
