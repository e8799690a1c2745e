import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import Testing

@Suite(.timeLimit(.minutes(10))) struct WorldTraitTests {
  @Test(.world) func theTestWorldIsDeterministic() {
    #expect(Current.context == .test)
    #expect(Current.date() == World.testDate)
    #expect(World.testDate == Date(timeIntervalSinceReferenceDate: 0))
    #expect(Current.locale.identifier == "en_US_POSIX")
    #expect(Current.timeZone.secondsFromGMT(for: World.testDate) == 0)
    #expect(Current.calendar.identifier == .gregorian)
    #expect(Current.notifications !== NotificationHub.live)
    #expect(Current.notifications.posted.isEmpty)
    #expect(Current.score == 0)
  }

  @Test(.world) func everyTestWorldHasItsOwnNotificationHub() {
    Current.notifications.post(Notification.Name("ping"))
    #expect(Current.notifications.posted == [Notification.Name("ping")])
    #expect(World.test.notifications.posted.isEmpty)
  }

  @Test(.world { $0.locale = Locale(identifier: "ja_JP") })
  func aTestTraitChangesItsWorld() {
    #expect(Current.locale.identifier == "ja_JP")
    #expect(Current.date() == World.testDate)
  }

  @Test(.world, arguments: 0..<20)
  func eachCaseStartsFresh(_ value: Int) async {
    // Cases run in parallel; a shared world would show another case's score.
    #expect(Current.score == 0)
    Current.score = value
    await Task.yield()
    #expect(Current.score == value)
  }

  /// Promise: a Swift Testing test without a test world that reads and
  /// writes `Current` fails, once, with a message that names every fix,
  /// placed at its first read; what it read is still the process-wide
  /// world, whose keys give test values.
  @Test func aReadWithoutTheTraitFailsTheTestOnceNamingTheFixes() {
    let reported = Locked<[(message: String, line: Int?, file: String?)]>([])
    let firstRead = #line + 2
    withKnownIssue {
      _ = Current.date()
      #expect(Current.context == .test)
      #expect(Current.score == 0)
      Current.score = 0
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      reported.withLock {
        $0.append((message, issue.sourceLocation?.line, issue.sourceLocation?.fileName))
      }
      return message.contains("Current was read or written in a test that has no test world")
    }
    let issues = reported.withLock { $0 }
    let messages = issues.map(\.message)
    #expect(messages.count == 1, "\(messages)")
    #if compiler(>=6.3)
      #expect(issues.first?.line == firstRead)
      #expect(issues.first?.file == "WorldTraitTests.swift")
    #endif
    for fix in ["@Test(.world)", "@Suite(.world)", "WorldTestCase"] {
      #expect(messages.first?.contains(fix) == true, "names \(fix)")
    }
  }

  /// Promise: a first read inside `#expect` is never placed in the
  /// macro's expansion, which no editor can open: at the test instead, where
  /// the toolchain cannot see past Swift Testing's frames.
  @Test func aFirstReadInsideExpectIsPlacedInTheTestsFile() {
    let files = Locked<[String?]>([])
    withKnownIssue {
      #expect(Current.score == 0)
    } matching: { issue in
      files.withLock { $0.append(issue.sourceLocation?.fileName) }
      return true
    }
    #expect(files.withLock { $0 } == ["WorldTraitTests.swift"])
  }

  @Suite(.world { $0.score = 5 })
  struct SuiteTraitTests {
    @Test func appliesToTestsInTheSuite() {
      #expect(Current.score == 5)
      #expect(Current.date() == World.testDate)
      Current.score = 6
    }

    @Test(.world { $0.locale = Locale(identifier: "es-AR") })
    func aTestTraitStartsFromTheSuitesWorld() {
      #expect(Current.score == 5)
      #expect(Current.locale.identifier == "es-AR")
    }

    @Suite struct Nested {
      @Test func appliesToNestedSuites() {
        #expect(Current.score == 5)
        #expect(Current.context == .test)
      }
    }
  }
}
