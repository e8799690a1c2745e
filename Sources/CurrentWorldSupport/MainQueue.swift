import Dispatch

/// Tells, without trapping or waiting, whether code runs on the main
/// dispatch queue, which is the main actor's executor. (`Thread.isMainThread`
/// does not: Swift Testing on Linux drains the main queue on another thread,
/// so a `@MainActor` test runs off the main thread.)
package enum MainQueue {
  private static let key: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
  }()

  /// Whether the caller runs on the main queue, so on the main actor.
  package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }
}
