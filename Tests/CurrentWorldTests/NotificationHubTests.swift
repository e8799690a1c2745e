import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldSupport
import Foundation
import TestHelpers
import Testing

@Suite struct NotificationHubTests {
  static let didLogIn = Notification.Name("NotificationHubTests.didLogIn")

  final class Inbox: Sendable {
    let received = LockedBox<[String]>([])
  }

  @Test func recordingHubDeliversAndRecords() {
    let hub = NotificationHub.recording()
    let inbox = Inbox()
    let observation = hub.observe(Self.didLogIn) { userInfo in
      inbox.received.mutate { $0.append(userInfo["user"] as? String ?? "?") }
    }
    hub.post(Self.didLogIn, userInfo: ["user": "ada"])
    hub.post(Notification.Name("other"))
    #expect(inbox.received.value == ["ada"])
    #expect(hub.posted == [Self.didLogIn, Notification.Name("other")])
    observation.cancel()
    observation.cancel()
    hub.post(Self.didLogIn, userInfo: ["user": "bo"])
    #expect(inbox.received.value == ["ada"])
  }

  @Test func releasingTheObservationStopsIt() {
    let hub = NotificationHub.recording()
    let inbox = Inbox()
    do {
      let observation = hub.observe(Self.didLogIn) { _ in inbox.received.mutate { $0.append("hit") }
      }
      hub.post(Self.didLogIn)
      _ = observation
    }
    hub.post(Self.didLogIn)
    #expect(inbox.received.value == ["hit"])
  }

  @Test func handlersRunInTheWorldThatObservedWhoeverPosts() {
    let hub = NotificationHub.recording()
    let seen = LockedBox<[Int]>([])
    let observation = withWorld(fixedWorld()) {
      Current.retryCount = 41
      let observation = hub.observe(Self.didLogIn) { _ in
        seen.mutate { $0.append(Current.retryCount) }
        Current.retryCount += 1
      }
      // Posted from another world, and from a thread outside every scope.
      withWorld(fixedWorld()) { hub.post(Self.didLogIn) }
      let done = DispatchSemaphore(value: 0)
      // The thread reads the process-wide world: an escape, counted and
      // never shown.
      _ = TestWorlds.countingWarningsInSync {
        Thread.detachNewThread {
          hub.post(Self.didLogIn)
          done.signal()
        }
        done.wait()
      }
      #expect(Current.retryCount == 43, "the handler's writes stay in the observer's world")
      return observation
    }
    #expect(seen.value == [41, 42])
    withExtendedLifetime(observation) {}
  }

  @Test func recordingHubsArePrivate() {
    let first = NotificationHub.recording()
    let second = NotificationHub.recording()
    let inbox = Inbox()
    let observation = second.observe(Self.didLogIn) { _ in
      inbox.received.mutate { $0.append("leak") }
    }
    first.post(Self.didLogIn)
    #expect(inbox.received.value.isEmpty)
    #expect(second.posted.isEmpty)
    withExtendedLifetime(observation) {}
  }

  @Test func liveHubUsesTheDefaultCenterAndDoesNotRecord() {
    let inbox = Inbox()
    let token = NotificationCenter.default.addObserver(
      forName: Self.didLogIn, object: nil, queue: nil
    ) { _ in
      inbox.received.mutate { $0.append("default") }
    }
    defer { NotificationCenter.default.removeObserver(token) }
    NotificationHub.live.post(Self.didLogIn)
    #expect(inbox.received.value == ["default"])
    #expect(NotificationHub.live.posted.isEmpty)
    #expect(NotificationHub.live.center === NotificationCenter.default)
  }

  @Test func eachWorldScopeCanHaveItsOwnHub() {
    withWorld(fixedWorld()) {
      Current.notifications.post(Self.didLogIn)
      withWorld({ $0.notifications = .recording() }) {
        Current.notifications.post(Notification.Name("inner"))
        #expect(Current.notifications.posted == [Notification.Name("inner")])
      }
      #expect(Current.notifications.posted == [Self.didLogIn])
    }
  }
}

/// A lock-protected value for test bookkeeping from `@Sendable` closures.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
