import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import Testing

/// `Issue.unimplementedCall`, the typed match for `withKnownIssue`.
@Suite(.world, .timeLimit(.minutes(10))) struct UnimplementedCallMatchTests {
  /// Promise: the issue of a call to an unimplemented closure gives its
  /// field; any other issue gives `nil`.
  @Test func anUnimplementedCallIsToldFromOtherIssues() {
    let seen = Locked<[String?]>([])
    let fetch: @Sendable () throws -> Int = unimplemented("Current.weatherAPI.forecast")
    withKnownIssue {
      _ = try? fetch()
      Issue.record("Current.weatherAPI.forecast was called, said someone else")
    } matching: { issue in
      seen.withLock { $0.append(issue.unimplementedCall?.field) }
      return true
    }
    #expect(seen.withLock { $0 } == ["Current.weatherAPI.forecast", nil])
  }

  /// Promise: the match reads the recorded call, not the text: an issue
  /// recorded by hand with the very message of an unimplemented call is
  /// not one.
  @Test func anIssueWithTheSameTextIsNotACall() {
    let seen = Locked<[String?]>([])
    let fetch: @Sendable () throws -> Int = unimplemented("Current.weatherAPI.forecast")
    withKnownIssue {
      _ = try? fetch()
    } matching: { issue in
      seen.withLock { $0.append(issue.unimplementedCall?.description) }
      return true
    }
    let message = seen.withLock { $0.first ?? nil } ?? ""
    #expect(message.contains("Current.weatherAPI.forecast was called"))
    withKnownIssue {
      Issue.record(Comment(rawValue: message))
    } matching: { issue in
      seen.withLock { $0.append(issue.unimplementedCall?.field) }
      return true
    }
    #expect(seen.withLock { $0.count } == 2)
    #expect(seen.withLock { $0.last } == .some(nil))
  }

  /// Promise: the field names the closure that was called, and the error
  /// keeps the whole message that was reported.
  @Test func theMatchNamesTheFieldAndKeepsTheMessage() {
    let log: @Sendable (String) -> Void = unimplemented("Current.analytics.log", placeholder: ())
    withKnownIssue {
      log("event")
    } matching: { issue in
      guard let call = issue.unimplementedCall else { return false }
      return call.field == "Current.analytics.log"
        && call.description.contains("Current.analytics.log = { … }")
    }
  }
}
