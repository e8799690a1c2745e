/// Thrown by a dependency that a test called without overriding it, after
/// the failure has been reported.
///
/// ```swift
/// do {
///   _ = try await Current.weatherAPI.forecast()
/// } catch let error as UnimplementedError {
///   print(error.field)  // "Current.weatherAPI.forecast"
/// }
/// ```
public struct UnimplementedError: Error, Equatable, CustomStringConvertible {
  /// The field that was called, such as `Current.weatherAPI.forecast`.
  public let field: String
  /// The whole message: what was called, and the line that overrides it.
  public let description: String

  /// An error for `field`, with the message that was reported.
  public init(field: String, description: String) {
    self.field = field
    self.description = description
  }

  /// How the message of a call that no test overrode goes on after the
  /// field's name.
  static let calledButUnimplemented = " was called, but the test world leaves it unimplemented."

  /// The message for a call to `field`, which no test overrode.
  static func notOverridden(_ field: String) -> UnimplementedError {
    UnimplementedError(
      field: field,
      description: """
        \(field)\(calledButUnimplemented) \
        Override it in the test, before the code under test calls it:

            \(field) = { … }

        The override reaches the code when the test runs in a world of its own \
        (@Test(.world) or @Suite(.world) in Swift Testing; a subclass of \
        WorldTestCase in XCTest) and the call runs in that world: carry it into \
        GCD, Task.detached, threads and stored callbacks with SharedWorld.
        """)
  }
}
