import Foundation

extension World {
  /// The process's environment variables: in a live world and a test world
  /// alike, `ProcessInfo.processInfo.environment` as the process first read
  /// it, so a test sees what CI sets. A write changes this world's copy,
  /// never the process's, and no other test sees it:
  ///
  /// ```swift
  /// Current.environment["FEATURE_NEW_ONBOARDING"] = "1"
  /// ```
  ///
  /// Read once, at the first read that needs it: a variable that the
  /// process sets later (`setenv`) is not seen here; write it here instead.
  public var environment: [String: String] {
    get { storage.fields.environment.values }
    set { update(.environment) { $0.environment = EnvironmentValues(given: newValue) } }
  }
}

/// ``World/environment`` as a world stores it: the variables it was given,
/// or `nil` for the process's.
struct EnvironmentValues: Sendable, Hashable {
  var given: [String: String]?

  var values: [String: String] { given ?? ProcessEnvironment.values }
}

/// The process's variables, read once, at their first use: building the
/// dictionary costs thousands of times a read of another field.
enum ProcessEnvironment {
  static let values = ProcessInfo.processInfo.environment
}

extension FieldSet {
  static var environment: FieldSet { FieldSet(rawValue: 1 << 11) }
}

extension WorldStorage.Field {
  static let environment = Self(
    .environment, "environment", copy: { $0.environment = $1.environment },
    // The process's, on purpose: a test sees what CI sets.
    fixed: { world, _ in
      world.update(.environment) { $0.environment = EnvironmentValues(given: nil) }
    })
}
