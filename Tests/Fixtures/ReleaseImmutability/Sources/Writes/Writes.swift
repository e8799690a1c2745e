import CurrentWorld
import Foundation

/// An override that would ship if `Current` were a `var` in release builds.
public func freezeTime() {
  Current.date = { .distantFuture }
}
