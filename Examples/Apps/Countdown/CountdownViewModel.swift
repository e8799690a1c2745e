import CurrentWorld
import Foundation
import Observation

/// A launch countdown: a launch identifier from `Current.uuid`, then one
/// tick a second on `Current.clock` down to liftoff.
///
/// Nothing here knows about tests. A test sets `Current.clock` to a
/// `TestClock` (the test world's default) and advances it, so a ten-second
/// countdown runs in microseconds:
///
/// ```swift
/// let countdown = CountdownViewModel()
/// Task { await countdown.start(from: 3) }
/// await clock.advance(by: .seconds(3))
/// ```
@MainActor @Observable public final class CountdownViewModel {
  /// The seconds left; `nil` before the countdown starts.
  public private(set) var remaining: Int?
  /// The launch this countdown is for, made when it starts.
  public private(set) var launchID: UUID?

  /// A countdown that has not started.
  public init() {}

  /// Counts down from `seconds` to zero, one second at a time on
  /// `Current.clock`. Cancelling the calling task stops it where it is.
  public func start(from seconds: Int) async {
    launchID = Current.uuid()
    remaining = max(seconds, 0)
    while let left = remaining, left > 0 {
      do {
        try await Current.clock.sleep(for: .seconds(1))
      } catch {
        return  // cancelled: the countdown stops where it is
      }
      remaining = left - 1
    }
  }
}
