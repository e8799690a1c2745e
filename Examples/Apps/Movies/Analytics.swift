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
