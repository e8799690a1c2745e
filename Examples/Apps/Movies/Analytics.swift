import CurrentWorld
import Foundation

/// Product analytics, an app-defined World dependency.
///
/// ```swift
/// Current.analytics.track("fetched_movies")
/// ```
public struct Analytics: Sendable {
  /// Records an event by name.
  ///
  /// ```swift
  /// Current.analytics.track("fetched_movies")
  /// ```
  public var track: @Sendable (String) -> Void

  /// Analytics from its closure.
  ///
  /// ```swift
  /// let analytics = Analytics(track: { print("event:", $0) })
  /// ```
  public init(track: @escaping @Sendable (String) -> Void) {
    self.track = track
  }
}

enum AnalyticsKey: WorldKey {
  static let liveValue = Analytics(track: { event in
    FileHandle.standardError.write(Data("[analytics] \(event)\n".utf8))
  })
  static let testValue = Analytics(track: unimplemented("Current.analytics.track", placeholder: ()))
}

extension World {
  /// Product analytics.
  ///
  /// ```swift
  /// Current.analytics.track = { event in events.append(event) }
  /// ```
  public var analytics: Analytics {
    get { self[AnalyticsKey.self] }
    set { self[AnalyticsKey.self] = newValue }
  }
}
