import CurrentWorld
import CurrentWorldExamples
import Foundation
import TestHelpers
import Testing

@Suite(.timeLimit(.minutes(10))) struct UnimplementedTests {
  struct Analytics: Sendable {
    var log: @Sendable (String) -> Void
    var track: @Sendable (String, Int) async throws -> Bool
    var load: @Sendable () throws -> Data
  }

  @Test func eachShapeReportsTheFieldAndNeverTraps() async throws {
    let reports = ReportLog()
    let declared = #line + 2
    let api = Analytics(
      log: unimplemented("Current.analytics.log", placeholder: ()),
      track: unimplemented("Current.analytics.track"),
      load: unimplemented("Current.analytics.load")
    )
    try await reports.capture {
      api.log("opened")
      await #expect(throws: UnimplementedError.self) { _ = try await api.track("tapped", 2) }
      #expect(throws: UnimplementedError.self) { _ = try api.load() }
      let error = try #require(throws: UnimplementedError.self) { _ = try api.load() }
      #expect(error.field == "Current.analytics.load")
    }
    let issues = reports.reported
    #expect(issues.count == 4)
    #expect(
      issues.map { $0.message.components(separatedBy: " was called").first } == [
        "Current.analytics.log", "Current.analytics.track", "Current.analytics.load",
        "Current.analytics.load",
      ])
    #expect(issues[1].message.contains("    Current.analytics.track = { … }"))
    // The issue points at the line that declared the unimplemented closure.
    #expect(issues.allSatisfy { $0.fileID == "CurrentWorldTests/UnimplementedTests.swift" })
    #expect(issues[0].line == declared)
  }

  @Test func theErrorDescribesTheFix() async throws {
    let fetch: @Sendable () async throws -> CatFact = unimplemented("Current.catFactAPI.fetchFact")
    let reports = ReportLog()
    let error = await reports.capture {
      await #expect(throws: UnimplementedError.self) { _ = try await fetch() }
    }
    #expect(error?.description == reports.messages.first)
    #expect(error?.description.contains("Current.catFactAPI.fetchFact = { … }") == true)
  }
}
