internal import CurrentWorldSupport
import Foundation

/// Posts and observes named notifications, and can tell what was posted.
///
/// ``live`` is backed by `NotificationCenter.default`. ``recording()`` makes
/// a private hub, with its own `NotificationCenter`, that remembers every name
/// posted to it: each test world gets one, so tests that run in parallel never
/// see each other's notifications.
///
/// ```swift
/// let hub = NotificationHub.recording()
/// let observation = hub.observe(Notification.Name("didLogIn")) { _ in print("hello") }
/// hub.post(Notification.Name("didLogIn"))
/// assert(hub.posted == [Notification.Name("didLogIn")])
/// observation.cancel()
/// ```
public final class NotificationHub: Sendable {
  /// The center that delivers this hub's notifications. Not public: a post
  /// straight to it would bypass what a recording hub records.
  package let center: NotificationCenter

  private let log: Locked<[Notification.Name]>?

  private init(center: NotificationCenter, records: Bool) {
    self.center = center
    self.log = records ? Locked([]) : nil
  }

  /// The production hub, backed by `NotificationCenter.default`. It does not
  /// record what is posted.
  public static let live = NotificationHub(center: .default, records: false)

  /// A new private hub, with its own `NotificationCenter`, that records the
  /// name of every notification posted to it.
  public static func recording() -> NotificationHub {
    NotificationHub(center: NotificationCenter(), records: true)
  }

  /// The names posted to this hub so far, oldest first; always empty for a
  /// hub that does not record, such as ``live``.
  public var posted: [Notification.Name] {
    log?.withLock { $0 } ?? []
  }

  /// Posts a notification to this hub's observers, synchronously.
  ///
  /// - Parameters:
  ///   - name: The notification's name.
  ///   - userInfo: Values for the observers, if any.
  public func post(_ name: Notification.Name, userInfo: [String: any Sendable]? = nil) {
    log?.withLock { $0.append(name) }
    center.post(name: name, object: nil, userInfo: userInfo)
  }

  /// Calls `handler` for every notification named `name` posted to this hub,
  /// until the returned observation is cancelled or released.
  ///
  /// The handler runs synchronously on the thread that posts, in the world
  /// of the code that observed (see ``SharedWorld``), so a post from another
  /// thread keeps the test's overrides.
  ///
  /// - Parameters:
  ///   - name: The name to observe.
  ///   - handler: Receives the notification's `userInfo`, keyed by string.
  /// - Returns: The observation; keep it for as long as you want to observe.
  public func observe(
    _ name: Notification.Name,
    handler: @escaping @Sendable ([String: any Sendable]) -> Void
  ) -> NotificationObservation {
    let world = SharedWorld()
    let token = center.addObserver(forName: name, object: nil, queue: nil) { notification in
      var userInfo: [String: any Sendable] = [:]
      for case (let key as String, let value as any Sendable) in notification.userInfo ?? [:] {
        userInfo[key] = value
      }
      world.run { handler(userInfo) }
    }
    return NotificationObservation(center: center, token: token)
  }
}
