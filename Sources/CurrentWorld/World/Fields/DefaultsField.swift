import Foundation

extension World {
  /// The app's settings store: `UserDefaults.standard` in a live world; in a
  /// test world a store of the test's own, empty at the test's start, that
  /// no other test and no later run sees, removed when the test's world
  /// ends; in an Xcode preview a store of the preview's own, removed as the
  /// preview's process exits.
  ///
  /// Read and write it as `UserDefaults`:
  ///
  /// ```swift
  /// Current.defaults.set(true, forKey: "onboarded")
  /// let onboarded = Current.defaults.bool(forKey: "onboarded")
  /// ```
  ///
  /// Point SwiftUI's `@AppStorage` at it once, at the root of the view
  /// tree: `.defaultAppStorage(Current.defaults)`.
  ///
  /// Registered defaults (`register(defaults:)`) are the process's, shared
  /// by every store, the standard one included: Foundation keeps one list.
  ///
  /// A test's store is a suite whose file is in the temporary directory,
  /// made at its first read. A plain `XCTestCase` test gets one too, which
  /// its end removes. ``World/live`` given the context
  /// ``Context-swift.enum/live`` reads the standard store, in a test
  /// process too; ``fixed(at:)`` keeps a store of its own in any context.
  public var defaults: UserDefaults {
    get { storage.fields.defaults.defaults(in: self) }
    set { update(.defaults) { $0.defaults = .given(SendableDefaults(newValue)) } }
  }
}

/// ``World/defaults`` as a world stores it; two are equal when they read
/// the same store.
enum DefaultsChoice: Sendable, Hashable {
  /// The context's: the standard store in a live world, else the
  /// process-wide world's isolated store. Reads nothing until read.
  case byContext
  /// A store of the world's own, made at its first read.
  case isolated(IsolatedDefaults)
  /// A store that code set.
  case given(SendableDefaults)

  func defaults(in world: World) -> UserDefaults {
    switch self {
    case .byContext:
      world.context == .live
        ? SendableDefaults.standard.defaults : IsolatedDefaults.processWide.defaults(in: world)
    case .isolated(let store): store.defaults(in: world)
    case .given(let store): store.defaults
    }
  }
}

extension FieldSet {
  static var defaults: FieldSet { FieldSet(rawValue: 1 << 9) }
}

extension WorldStorage.Field {
  static let defaults = Self(
    .defaults, "defaults", copy: { $0.defaults = $1.defaults },
    fixed: { world, _ in
      world.update(.defaults) { $0.defaults = .isolated(IsolatedDefaults()) }
    })
}
