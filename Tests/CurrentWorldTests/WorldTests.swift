import CurrentWorld
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@Suite(.timeLimit(.minutes(10))) struct WorldTests {
  @Test func liveWorldFollowsTheSystem() {
    let world = World.live
    #expect(world.context == .test)  // in a test process; .live in an app
    #expect(world.locale == Locale.autoupdatingCurrent)
    #expect(world.timeZone == TimeZone.autoupdatingCurrent)
    #expect(world.notifications === NotificationHub.live)
    let before = Date()
    let now = world.date()
    #expect(now >= before && now <= Date())
  }

  @Test func fieldsCanBeOverwrittenInline() {
    withWorld(fixedWorld()) {
      Current.date = { .distantFuture }
      Current.locale = Locale(identifier: "es-AR")
      Current.timeZone = TimeZone(secondsFromGMT: -3 * 3600)!
      Current.calendar = Calendar(identifier: .buddhist)
      #expect(Current.date() == .distantFuture)
      #expect(Current.locale.identifier == "es-AR")
      #expect(Current.timeZone.secondsFromGMT() == -3 * 3600)
      #expect(Current.calendar.identifier == .buddhist)
    }
  }

  @Test func wholeWorldCanBeReplaced() {
    withWorld(fixedWorld()) {
      var other = fixedWorld(date: .distantPast)
      other.locale = Locale(identifier: "ja_JP")
      Current = other
      #expect(Current.date() == .distantPast)
      #expect(Current.locale.identifier == "ja_JP")
    }
  }

  @Test func copiesAreIndependentValues() {
    let original = fixedWorld()
    var copy = original
    copy.date = { .distantFuture }
    copy.greeter.greet = { "copy \($0)" }
    #expect(original.date() == Date(timeIntervalSince1970: 0))
    #expect(original.greeter.greet("a") == "test greeting for a")
    #expect(copy.date() == .distantFuture)
    #expect(copy.greeter.greet("a") == "copy a")
  }

  @Test func appDefinedDependenciesDefaultByContext() {
    var live = World.live
    live.context = .live
    #expect(live.greeter.greet("Ada") == "Hello, Ada!")
    #expect(live.retryCount == 3)
    #expect(fixedWorld().greeter.greet("Ada") == "test greeting for Ada")
    #expect(fixedWorld().retryCount == 0)
  }

  @Test func appDefinedDependenciesBehaveLikeBuiltInFields() {
    withWorld(fixedWorld()) {
      Current.greeter.greet = { "Hola, \($0)" }
      Current.retryCount = 7
      #expect(Current.greeter.greet("Ada") == "Hola, Ada")
      #expect(Current.retryCount == 7)
      withWorld {
        $0.retryCount = 9
      } operation: {
        #expect(Current.retryCount == 9)
        #expect(Current.greeter.greet("Bo") == "Hola, Bo")
      }
      #expect(Current.retryCount == 7)
    }
  }

  /// Promise: an app-defined value lives as long as a world holds it, and
  /// no longer: a replaced or dropped world releases it, once.
  @Test func appDefinedValuesAreReleasedWithTheirLastWorld() {
    final class Token: Sendable {}
    enum TokenKey: WorldKey {
      static let liveValue: Token? = nil
      static let testValue: Token? = nil
    }
    weak var first: Token?
    weak var second: Token?
    do {
      var world = fixedWorld()
      let token = Token()
      first = token
      world[TokenKey.self] = token
      var copy = world
      copy[TokenKey.self] = Token()
      second = copy[TokenKey.self]
      #expect(world[TokenKey.self] === token)
      #expect(first != nil && second != nil)
      world[TokenKey.self] = nil
      #expect(first != nil)  // `token` still holds it
    }
    #expect(first == nil)
    #expect(second == nil)
  }

  @Test func writesInsideAScopeStayInIt() {
    withWorld(fixedWorld()) {
      withWorld {
        $0.date = { .distantPast }
      } operation: {
        Current.locale = Locale(identifier: "fr_FR")
        #expect(Current.date() == .distantPast)
      }
      #expect(Current.date() == Date(timeIntervalSince1970: 0))
      #expect(Current.locale.identifier == "en_US_POSIX")
    }
  }

  @Test func nestedScopesStartFromTheEnclosingWorld() {
    withWorld(fixedWorld()) {
      Current.locale = Locale(identifier: "de_DE")
      withWorld {
        $0.date = { .distantFuture }
      } operation: {
        #expect(Current.locale.identifier == "de_DE")
        #expect(Current.date() == .distantFuture)
        withWorld {
          $0.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        } operation: {
          #expect(Current.locale.identifier == "de_DE")
          #expect(Current.date() == .distantFuture)
          #expect(Current.timeZone.identifier == "Asia/Tokyo")
        }
        #expect(Current.timeZone == TimeZone(identifier: "UTC")!)
      }
    }
  }

  @Test(.world) func scopesReturnAndRethrow() throws {
    struct Boom: Error {}
    let value = withWorld(fixedWorld()) { 42 }
    #expect(value == 42)
    #expect(throws: Boom.self) {
      try withWorld { _ in
        throw Boom()
      } operation: {
        Issue.record("operation ran")
      }
    }
    #expect(throws: Boom.self) {
      try withWorld(fixedWorld()) { throw Boom() }
    }
  }

  @Test func asyncScopesSurviveSuspension() async throws {
    try await withWorld(fixedWorld()) {
      try await withWorld {
        $0.date = { .distantFuture }
      } operation: {
        try await Task.sleep(for: .milliseconds(5))
        #expect(Current.date() == .distantFuture)
      }
      #expect(Current.date() == Date(timeIntervalSince1970: 0))
    }
  }

  @MainActor @Test func asyncScopesKeepTheCallersActor() async {
    await withWorld(fixedWorld()) {
      MainActor.assertIsolated()
      await Task.yield()
      MainActor.assertIsolated()
    }
  }

  @Test func detachedTasksDoNotSeeTheScope() async {
    await withWorld(fixedWorld()) {
      Current.retryCount = 1234
      let inherited = await Task { Current.retryCount }.value
      var detached = 0
      // An escape on purpose: counted, never shown.
      _ = await TestWorlds.countingWarnings {
        detached = await Task.detached { Current.retryCount }.value
      }
      #expect(inherited == 1234)
      #expect(detached != 1234)
    }
  }

  @Test func childTaskWritesChangeTheScopeTheyRunIn() async {
    await withWorld(fixedWorld()) {
      await Task { Current.retryCount = 55 }.value
      #expect(Current.retryCount == 55)
    }
  }
}

/// In a test process, nothing reaches an app key's `liveValue` unless the
/// test opts in by setting `context = .live`.
@Suite(.timeLimit(.minutes(10))) struct LiveValuesInTestsTests {
  /// Promise: `World.live` read in a test process gives test values.
  @Test func theLiveWorldOfATestProcessGivesTestValues() {
    #expect(World.live.context == .test)
    #expect(World.live.retryCount == RetryCountKey.testValue)
  }

  /// Promise: `withWorld(World.live)` in a test without a world of its own
  /// gives test values.
  @Test func enteringTheLiveWorldGivesTestValues() {
    let seen = withWorld(World.live) { Current.retryCount }
    #expect(seen == RetryCountKey.testValue)
  }

  /// Promise: `Current = World.live`, as a port of the seeds writes it,
  /// gives test values.
  @Test func assigningTheLiveWorldGivesTestValues() {
    withWorld(fixedWorld()) {
      Current.retryCount = 99
      Current = World.live
      #expect(Current.retryCount == RetryCountKey.testValue)
    }
  }

  /// Promise: the explicit opt-in reaches the live value.
  @Test func settingTheLiveContextOptsIn() {
    withWorld(World.live) {
      Current.context = .live
      #expect(Current.retryCount == RetryCountKey.liveValue)
    }
  }
}
