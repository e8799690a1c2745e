// The code of the article "Scopes and concurrency", compiled and run as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@Suite(.world, .timeLimit(.minutes(10))) struct ScopeSnippets {
  @Test func scopesAreInherited() async {
    // The detached read escapes on purpose: its warning is counted, not shown.
    let warnings = await TestWorlds.countingWarnings {
      await withWorld {
        $0.locale = Locale(identifier: "fr_FR")
      } operation: {
        async let child = Current.locale.identifier
        let unstructured = await Task { Current.locale.identifier }.value
        let detached = await Task.detached { Current.locale.identifier }.value

        #expect(await child == "fr_FR")
        #expect(unstructured == "fr_FR")
        #expect(detached != "fr_FR")  // the process-wide world
      }
    }
    #expect(warnings >= 1)
  }

  @Test func escapingWorkSharesTheWorld() {
    let world = SharedWorld()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      world.run {
        Current.locale = Locale(identifier: "ja_JP")
        done.signal()
      }
    }
    done.wait()
    #expect(Current.locale.identifier == "ja_JP")  // the write came back
  }

  @Test func storedCallbacksAreBoundOnce() {
    Current.notifications = .recording()
    let world = SharedWorld()
    let onEvent: @Sendable (String) -> Void = world.bind { name in
      Current.notifications.post(Notification.Name(name))
    }
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      onEvent("didSync")
      done.signal()
    }
    done.wait()
    #expect(Current.notifications.posted == [Notification.Name("didSync")])
  }

  @Test func writesStayInTheirScope() {
    withWorld {
      $0.date = { .distantPast }
    } operation: {
      Current.date = { .distantFuture }
      #expect(Current.date() == .distantFuture)
    }
    #expect(Current.date() == World.testDate)
  }
}
