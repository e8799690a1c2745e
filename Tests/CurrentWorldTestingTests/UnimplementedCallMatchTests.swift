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

  /// Promise: the issue reads as what happened, as CurrentWorld's other
  /// issues do: nothing was thrown, so Swift Testing does not show it as
  /// "Caught error", and the message is its one comment.
  @Test func theIssueIsNotShownAsACaughtError() {
    let seen = Locked<[String]>([])
    let fetch: @Sendable () throws -> Int = unimplemented("Current.weatherAPI.forecast")
    withKnownIssue {
      _ = try? fetch()
    } matching: { issue in
      let comment = issue.comments.map(\.rawValue).joined()
      seen.withLock { $0.append("\(issue.kind) · \(issue.error == nil) · \(comment.prefix(38))") }
      return true
    }
    #expect(
      seen.withLock { $0 } == ["Issue recorded · true · Current.weatherAPI.forecast was called"])
  }

  /// Promise: an issue-handling trait's closure sees the call too, as
  /// Swift Testing asks it while the issue is recorded: this one drops
  /// the issue, so the test passes only if it saw the call.
  @Test(.filterIssues { $0.unimplementedCall?.field != "Current.weatherAPI.forecast" })
  func anIssueHandlingTraitSeesTheCall() {
    let fetch: @Sendable () throws -> Int = unimplemented("Current.weatherAPI.forecast")
    #expect(throws: UnimplementedError.self) { try fetch() }
  }

  /// Promise: the call is known while the issue is recorded, when the
  /// matcher asks; the issue the matcher was given, kept and read after
  /// the recording, is not one.
  @Test func aKeptIssueIsNotACall() {
    let kept = Locked<Issue?>(nil)
    let fetch: @Sendable () throws -> Int = unimplemented("Current.weatherAPI.forecast")
    withKnownIssue {
      _ = try? fetch()
    } matching: { issue in
      kept.withLock { $0 = issue }
      return issue.unimplementedCall != nil
    }
    let issue = kept.withLock { $0 }
    #expect(issue != nil)
    #expect(issue?.unimplementedCall == nil)
  }

  /// Promise: an issue recorded while the call's issue is being matched
  /// (here by the matcher itself) is not the call.
  @Test func anIssueRecordedWhileMatchingIsNotACall() {
    let seen = Locked<[String?]>([])
    let fetch: @Sendable () throws -> Int = unimplemented("Current.weatherAPI.forecast")
    withKnownIssue {
      _ = try? fetch()
    } matching: { issue in
      let first = seen.withLock { seen in
        seen.append(issue.unimplementedCall?.field)
        return seen.count == 1
      }
      if first { Issue.record("recorded by the matcher") }
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
