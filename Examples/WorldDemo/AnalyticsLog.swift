import Foundation

/// The analytics events the demo's screens track, printed after each screen
/// so they appear after the states that led to them.
final class AnalyticsLog: Sendable {
  static let shared = AnalyticsLog()

  private let events = Mutex()

  @Sendable func append(_ event: String) {
    events.withLock { $0.append(event) }
  }

  /// The events tracked since the last call, oldest first.
  func drain() -> [String] {
    events.withLock { events in
      defer { events.removeAll() }
      return events
    }
  }

  /// An `NSLock` around the list, for platforms without `Synchronization`.
  private final class Mutex: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []

    func withLock<R>(_ body: (inout [String]) -> R) -> R {
      lock.withLock { body(&events) }
    }
  }
}
