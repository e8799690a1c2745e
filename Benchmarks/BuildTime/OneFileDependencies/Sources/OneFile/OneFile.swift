import Dependencies
import Foundation

/// Reads the date the way an app using swift-dependencies would.
public struct Clock {
  @Dependency(\.date) var date

  public init() {}

  public func now() -> Date { date.now }
}
