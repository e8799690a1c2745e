/// A key for a dependency that your app adds to ``World``.
///
/// Declare a key the way SwiftUI declares an `EnvironmentKey`: a type with the
/// value production uses and the value tests start from. Then add a computed
/// property to ``World`` that reads and writes it through
/// ``World/subscript(_:)``. From then on the dependency behaves like a built-in
/// field: `Current.analytics` reads it, `Current.analytics.log = { … }`
/// overrides it, and scopes keep each override to themselves.
///
/// ```swift
/// struct Analytics: Sendable {
///   var log: @Sendable (String) -> Void
/// }
///
/// enum AnalyticsKey: WorldKey {
///   static let liveValue = Analytics(log: { print($0) })
///   static let testValue = Analytics(log: unimplemented("Current.analytics.log", placeholder: ()))
/// }
///
/// extension World {
///   var analytics: Analytics {
///     get { self[AnalyticsKey.self] }
///     set { self[AnalyticsKey.self] = newValue }
///   }
/// }
/// ```
///
/// A world reads ``liveValue``, ``testValue`` or ``previewValue`` (as its
/// ``World/context`` says) each time the field is read without an override, so declare them with `static let` when the value must
/// be one shared instance.
///
/// Keys are `SendableMetatype`s, so the recipe compiles unchanged in a target
/// with default MainActor isolation (new Xcode app targets): the key's
/// conformance is never isolated to the main actor. The `World` property
/// needs one annotation there, `nonisolated`, so that code off the main
/// actor can read it:
///
/// ```swift
/// extension World {
///   nonisolated var analytics: Analytics {
///     get { self[AnalyticsKey.self] }
///     set { self[AnalyticsKey.self] = newValue }
///   }
/// }
/// ```
public protocol WorldKey: SendableMetatype {
  /// The type of the dependency.
  ///
  /// ```swift
  /// enum AnalyticsKey: WorldKey {
  ///   typealias Value = Analytics
  ///   static let liveValue = Analytics(log: { print($0) })
  ///   static let testValue = Analytics(log: { _ in })
  /// }
  /// ```
  associatedtype Value: Sendable

  /// The value a ``World/Context-swift.enum/live`` world uses when nothing
  /// overrides it.
  ///
  /// ```swift
  /// static let liveValue = Analytics(log: { print($0) })
  /// ```
  static var liveValue: Value { get }

  /// The value a ``World/Context-swift.enum/test`` world uses when nothing
  /// overrides it. Build its closures with ``unimplemented(_:fileID:filePath:line:column:)-5j9rd``
  /// so that a test that calls one without overriding it fails, and says
  /// which line to add.
  ///
  /// ```swift
  /// static let testValue = Analytics(log: unimplemented("Current.analytics.log", placeholder: ()))
  /// ```
  static var testValue: Value { get }

  /// The value an Xcode preview uses when nothing overrides it; by default,
  /// ``liveValue``. Give a key its own when a preview must not touch the
  /// real thing, such as a database or analytics:
  ///
  /// ```swift
  /// static let previewValue = Analytics(log: { _ in })
  /// ```
  static var previewValue: Value { get }
}

extension WorldKey {
  /// The live value: previews run live unless a key says otherwise.
  public static var previewValue: Value { liveValue }
}
