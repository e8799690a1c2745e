internal import CurrentWorldSupport
import Foundation

/// A `UserDefaults` held by a `Sendable` value.
///
/// `@unchecked Sendable`: Apple documents `UserDefaults` as thread-safe and
/// its SDK marks the class `Sendable`; corelibs Foundation marks that
/// conformance unavailable, though its store takes a lock for every call.
/// This is the one place in the package that holds a `UserDefaults`.
final class SendableDefaults: @unchecked Sendable {
  let defaults: UserDefaults

  init(_ defaults: UserDefaults) {
    self.defaults = defaults
  }

  /// `UserDefaults.standard`, asked for once, at the first read of a live
  /// world's store: asking for it at each read cost three reads of another
  /// field.
  static let standard = SendableDefaults(.standard)
}

/// A settings store of one test's (or one preview's) own: made at its first
/// read, as a suite whose file is in the temporary directory, and removed
/// when its test's world ends. A read after that makes a fresh, empty one.
final class IsolatedDefaults: Sendable {
  private let made = Locked<(store: SendableDefaults, suite: URL)?>(nil)

  /// The process-wide world's store in a test or preview process, which
  /// plain `XCTestCase` tests share one at a time: each XCTest test's end
  /// removes it.
  static let processWide = IsolatedDefaults()

  /// The store, made at the first read since the last removal.
  func defaults(in world: World) -> UserDefaults {
    if let made = made.withLock({ $0 }) { return made.store.defaults }
    let suite = IsolatedStorage.uniqueURL("defaults")
    // A suite named by a path keeps its file at that path (with `.plist`),
    // on Apple's systems and corelibs alike, never in the app's settings.
    guard let defaults = UserDefaults(suiteName: suite.path) else {
      preconditionFailure("UserDefaults refused the suite \(suite.path)")
    }
    let (store, isNew) = self.made.withLock { made in
      if let first = made { return (first.store, false) }
      let store = SendableDefaults(defaults)
      made = (store, suite)
      return (store, true)
    }
    if isNew {
      // The end holds the store, not this object: a world that is released
      // before its test ends still has its store emptied and its file
      // removed.
      IsolatedStorage.register(
        in: world, path: URL(fileURLWithPath: suite.path + ".plist")
      ) { [weak self] _ in
        self?.forget(store)
        store.defaults.removePersistentDomain(forName: suite.path)
        return nil
      }
    }
    return store.defaults
  }

  /// Lets `store` go, if it is still this one's, so the next read makes a
  /// fresh one.
  private func forget(_ store: SendableDefaults) {
    // Released after the lock opens, like every value this package drops.
    let dropped = made.withLock { made in
      defer { if made?.store === store { made = nil } }
      return made
    }
    withExtendedLifetime(dropped) {}
  }
}
