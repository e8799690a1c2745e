/// A key for a dependency that your app adds to ``World``, whose default is
/// made anew at each read: the form before 0.4.0, kept for that.
///
/// Declare every other dependency in one line with ``WorldDependency``,
/// which makes each value once. A key is a type with the
/// value production uses and the value tests start from. Then add a computed
/// property to ``World`` that reads and writes it through
/// ``World/subscript(_:)-(Key.Type)``. From then on the dependency behaves like a built-in
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
/// A world reads the key's value for its ``World/context`` each time the
/// field is read without an override, so declare it with `static let` when
/// it must be one shared instance.
///
/// In a target with default MainActor isolation (new Xcode app targets) the
/// key compiles unchanged, and the `World` property needs `nonisolated` so
/// that code off the main actor can read it:
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
  associatedtype Value: Sendable

  /// The value a ``World/Context-swift.enum/live`` world uses when nothing
  /// overrides it.
  static var liveValue: Value { get }

  /// The value a ``World/Context-swift.enum/test`` world uses when nothing
  /// overrides it. Build its closures with
  /// ``unimplemented(_:fileID:filePath:line:column:)-5j9rd``, so that a test
  /// that calls one without overriding it fails and names the fix.
  static var testValue: Value { get }

  /// The value an Xcode preview uses when nothing overrides it; by default,
  /// ``liveValue``. Give a key its own when a preview must not touch the
  /// real thing, such as a database or analytics.
  static var previewValue: Value { get }
}

extension WorldKey {
  /// The live value: previews run live unless a key says otherwise.
  public static var previewValue: Value { liveValue }
}
