import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Testing

@Suite(.world, .timeLimit(.minutes(10))) struct UnimplementedReportingTests {
  static func mentions(_ text: String) -> @Sendable (Issue) -> Bool {
    { issue in issue.comments.contains { $0.rawValue.contains(text) } }
  }

  @Test func anUnimplementedAPIFailsTheTestNamesTheFieldAndThrows() async throws {
    await withKnownIssue {
      await #expect(throws: UnimplementedError.self) {
        _ = try await Current.catFactAPI.fetchFact()
      }
    } matching: { issue in
      Self.mentions("Current.catFactAPI.fetchFact was called")(issue)
        && Self.mentions("    Current.catFactAPI.fetchFact = { … }")(issue)
    }
    // The process and the test go on.
    Current.catFactAPI.fetchFact = { CatFact(fact: "now overridden", length: 14) }
    #expect(try await Current.catFactAPI.fetchFact().fact == "now overridden")
  }

  @Test func pokemonsAreUnimplementedToo() async {
    await withKnownIssue {
      await #expect(throws: UnimplementedError.self) {
        _ = try await Current.pokemonsAPI.fetchPokemons()
      }
    } matching: {
      Self.mentions("Current.pokemonsAPI.fetchPokemons")($0)
    }
  }

  @Test func appDefinedTestValuesReportTheSameWay() async {
    await withKnownIssue {
      Current.analytics.log("screen opened")
      await #expect(throws: UnimplementedError.self) { try await Current.analytics.track("tap") }
    } matching: { issue in
      Self.mentions("Current.analytics.log")(issue)
        || Self.mentions("Current.analytics.track")(issue)
    }
  }

  @Test func callsFromChildTasksFailTheirTest() async {
    await withKnownIssue {
      let result = await Task { try await Current.catFactAPI.fetchFact() }.result
      #expect(throws: UnimplementedError.self) { try result.get() }
    } matching: {
      Self.mentions("Current.catFactAPI.fetchFact")($0)
    }
  }

  @Test func theLiveWorldRefusesTheNetworkInTests() async {
    await withKnownIssue {
      let live = World.live
      let thrown = await withWorld(live) { () async -> (any Error)? in
        do {
          _ = try await Current.catFactAPI.fetchFact()
          return nil
        } catch {
          return error
        }
      }
      #expect(thrown is UnimplementedError)
    } matching: {
      Self.mentions("Current.catFactAPI.fetchFact was called")($0)
    }
  }
}

@Suite(.world, .timeLimit(.minutes(10))) struct TestRunnerReporterTests {
  /// Promise: a reported issue is recorded at its file, line and column,
  /// so Xcode shows it on the line that reported it.
  @Test func anIssueIsRecordedAtItsPlace() {
    withKnownIssue {
      IssueReporter.report(
        "placed", fileID: "App/Screen.swift", filePath: "/src/App/Screen.swift", line: 42,
        column: 7)
    } matching: { issue in
      let place = issue.sourceLocation
      return issue.comments.contains { $0.rawValue == "placed" } && place?.line == 42
        && place?.column == 7 && place?.fileID == "App/Screen.swift"
        && place?.filePath == "/src/App/Screen.swift"
    }
  }

  @Test func handMadeIssuesWithoutAPlaceAreStillRecorded() {
    withKnownIssue {
      IssueReporter.current.report(
        ReportedIssue(
          message: "made by hand", fileID: "NoModule", filePath: "", line: 0, column: -3))
    } matching: { issue in
      issue.comments.contains { $0.rawValue == "made by hand" }
        && issue.sourceLocation?.line == 1 && issue.sourceLocation?.fileID == "Unknown/NoModule"
    }
  }
}
