import CurrentWorldHTTP
import CurrentWorldSupport
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorld

/// A key with a preview value of its own, as a database or analytics key
/// would have.
enum PreviewedKey: WorldKey {
  static let liveValue = "live"
  static let testValue = "test"
  static let previewValue = "preview"
}

extension World {
  var previewed: String {
    get { self[PreviewedKey.self] }
    set { self[PreviewedKey.self] = newValue }
  }
}

/// The world outside every scope. In a test process it has the test
/// context, so nothing live runs from code that no test world reaches:
/// detached work, GCD, threads.
@Suite(.timeLimit(.minutes(10))) struct ProcessWideWorldTests {
  @Test func detachedWorkSeesTheTestContextAndTheKeysTestValues() async {
    // Whether this read is diagnosed as an escape depends on whether another
    // test's world is active meanwhile; counted, never shown, either way.
    var seen: (World.Context, Int, String, String) = (.live, -1, "", "")
    _ = await TestWorlds.countingWarnings {
      seen = await Task.detached {
        (Current.context, Current.retryCount, Current.greeter.greet("Ada"), Current.previewed)
      }.value
    }
    #expect(seen.0 == .test)
    #expect(seen.1 == RetryCountKey.testValue)
    #expect(seen.2 == "test greeting for Ada")
    #expect(seen.3 == "test")
  }

  @Test func aThreadSeesTheTestContextToo() {
    let context = Locked<World.Context?>(nil)
    let done = DispatchSemaphore(value: 0)
    // Whether this read is diagnosed as an escape depends on whether another
    // test's world is active meanwhile; counted, never shown, either way.
    _ = TestWorlds.countingWarningsInSync {
      Thread.detachNewThread {
        context.withLock { $0 = Current.context }
        done.signal()
      }
      done.wait()
    }
    #expect(context.withLock { $0 } == .test)
  }

  // That the built-in APIs refuse from detached work, and fail the run, is
  // shown by a probe in a child process (CurrentWorldTestingTests'
  // ProbeTests): an issue that belongs to no test fails the whole run.

  @Test func theDateLocaleAndTimeZoneStayTheMachines() {
    let world = World.processWide(.test)
    #expect(world.locale == Locale.autoupdatingCurrent)
    #expect(world.timeZone == TimeZone.autoupdatingCurrent)
    #expect(abs(world.date().timeIntervalSinceNow) < 60)
  }

  @Test func aPreviewWorldGivesPreviewValuesElseLiveOnes() {
    let preview = World.processWide(.preview)
    #expect(preview.context == .preview)
    #expect(preview.previewed == "preview")
    // A key without a preview value of its own previews live.
    #expect(preview.retryCount == RetryCountKey.liveValue)
    #expect(preview.greeter.greet("Ada") == "Hello, Ada!")
  }

  @Test func aLiveWorldGivesLiveValues() {
    let live = World.processWide(.live)
    #expect(live.context == .live)
    #expect(live.previewed == "live")
    #expect(live.retryCount == RetryCountKey.liveValue)
  }

  @Test func anOverrideWinsInEveryContext() {
    for context in World.Context.allCases {
      var world = World.processWide(context)
      world.previewed = "override"
      #expect(world.previewed == "override", "\(context)")
    }
  }
}
