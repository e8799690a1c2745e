import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Testing

/// Swift Testing probes: each runs only in a child process that names it
/// (see ``ProbeProcess``), and each breaks a rule on purpose.
@Suite(.enabled(if: ProbeProcess.current != nil)) struct SwiftTestingProbes {
  @Test(.world, .enabled(if: ProbeProcess.current == "detached-live-api"))
  func detachedLiveAPI() async {
    // The test world is not inherited: the call reaches the process-wide
    // world, whose live API refuses.
    _ = try? await Task.detached { try await Current.catFactAPI.fetchFact() }.value
  }

  @Test(.world, .enabled(if: ProbeProcess.current == "thread-forgotten-override"))
  func threadForgottenOverride() {
    let world = SharedWorld()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      world.run { Current.analytics.log("never overridden") }
      done.signal()
    }
    done.wait()
  }

  @Test(.world, .enabled(if: ProbeProcess.current == "escape-warning"))
  func escapeWarning() async {
    Current.score = 1
    var seen: [Int] = []
    for _ in 0..<3 {
      seen.append(await Task.detached { Current.score }.value)
    }
    let firstPlace = #line - 2
    let again = await Task.detached { Current.score }.value
    let secondPlace = #line - 1
    #expect(seen == [0, 0, 0] && again == 0)
    print("escape places: \(firstPlace) \(secondPlace)")
  }

  @Test(.world(escapes: .fail), .enabled(if: ProbeProcess.current == "escape-fails"))
  func escapeFails() async {
    Current.score = 1
    let read = await Task.detached { Current.score }.value
    print("escape place: \(#line - 1)")
    #expect(read == 0)
  }

  @Test(.enabled(if: ProbeProcess.current == "write-outside-tests"))
  func writeOutsideTests() {
    // A thread that no test runs: its writes are outside every test.
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      Current.score = 5
      Current.score = 6
      done.signal()
    }
    done.wait()
  }

  @Test(.enabled(if: ProbeProcess.current == "write-without-world"))
  func writeWithoutWorld() {
    Current.score = 5
    let firstLine = #line - 1
    Current.score = 6
    print("first write at line \(firstLine)")
  }

  @Test(.enabled(if: ProbeProcess.current == "world-test-keeps-reporter"))
  func worldTestKeepsTheAppsReporter() {
    IssueReporter.current = IssueReporter { issue in print("app reporter: \(issue.message)") }
    _ = World.test
    IssueReporter.report("after World.test")
  }

  @Test(.enabled(if: ProbeProcess.current == "reporter-survives-connecting"))
  func reporterSurvivesConnecting() {
    IssueReporter.current = IssueReporter { issue in
      print("app reporter received: \(issue.message.prefix(40))")
    }
    // The first read of Current in this process connects the test runners;
    // the key's test value is unimplemented.
    Current.analytics.log("never overridden")
  }

  @MainActor
  @Test(.enabled(if: ProbeProcess.current == "register-off-main"))
  func registerOffMain() async throws {
    // The main actor is held until another thread's registration returns:
    // one that waited for the main queue could not return in time. (This
    // child throws away the second observer.)
    let before = XCTestRun.registrations
    let returned = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      XCTestRun.register()
      returned.signal()
    }
    returned.wait()
    let pending = XCTestRun.isPending && XCTestRun.registrations == before
    print("returned while the main actor was held, pending: \(pending)")
    // Free the main actor: the main queue adds it on its next turn.
    var turns = 0
    while XCTestRun.registrations == before && turns < 60_000 {
      try await Task.sleep(for: .milliseconds(1))
      turns += 1
    }
    let added = XCTestRun.registrations == before + 1 && !XCTestRun.isPending
    print("added by the main queue: \(added)")
  }

  @MainActor
  @Test(.enabled(if: ProbeProcess.current == "main-actor-first-read"))
  func mainActorFirstRead() {
    // The process's first read of Current, on the main actor, in a test
    // without a world: it connects the test runners while the main queue
    // runs this very test, so nothing may wait for that queue.
    let before = XCTestRun.registrations
    _ = Current.date()
    let readLine = #line - 1
    print("observer added at once: \(XCTestRun.registrations == before + 1)")
    Current.score = 1
    print("first read at line \(readLine)")
  }

  @Test(.enabled(if: ProbeProcess.current == "context"))
  func context() {
    print("context: \(Current.context)")
  }

  @Test(.enabled(if: ProbeProcess.current == "bootstrap"))
  func bootstrap() {
    // As an `@main` App's stored properties are: made before its `init`
    // calls bootstrap. The release fixture makes the same calls.
    let shared = SharedWorld()
    withWorld(World.live) {}
    World.bootstrap { world in
      world.score = 42
      world.locale = Locale(identifier: "fr_FR")
    }
    World.bootstrap { $0.score = 7 }
    print("score: \(Current.score), locale: \(Current.locale.identifier)")
    print("shared score: \(shared.run { Current.score })")
    World.bootstrap { $0.score = 9 }
    print("score after: \(Current.score)")
  }

  @Test(.enabled(if: ProbeProcess.current == "bootstrap-read"))
  func bootstrapThatReadsCurrent() {
    // Reading Current inside the closure is its first use: it fixes the
    // launch world before the configured one could be stored.
    World.bootstrap { world in world.score = Current.score + 42 }
    print("score: \(Current.score)")
  }

  @Test(.enabled(if: ProbeProcess.current == "bootstrap-concurrent"))
  func bootstrapWhileAnotherThreadReads() {
    // Another thread's read, while the configuration runs, fixes the
    // launch world first. Bounded: a thread that never ran fails the
    // probe's check rather than hang it.
    let read = DispatchSemaphore(value: 0)
    World.bootstrap { world in
      Thread.detachNewThread {
        _ = Current.score
        read.signal()
      }
      _ = read.wait(timeout: .now() + 60)
      world.score = 7
    }
    print("score: \(Current.score)")
  }

  @Test(.enabled(if: ProbeProcess.current == "reporter-swap"))
  func reporterSwap() {
    // The process's reporter holds the last reference to an object whose
    // deinit reads and uses the reporter: replacing it must not deadlock.
    final class ReportsOnDeinit: Sendable {
      deinit {
        IssueReporter.report("reported from a deinit")
        _ = IssueReporter.current
      }
    }
    let object = ReportsOnDeinit()
    IssueReporter.current = IssueReporter { _ in withExtendedLifetime(object) {} }
    IssueReporter.current = IssueReporter { _ in }
    print("swapped twice")
  }
}
