/// Thrown by a dependency that a test called without overriding it, after
/// the failure has been reported.
///
/// ```swift
/// do {
///   _ = try await Current.catFactAPI.fetchFact()
/// } catch let error as UnimplementedError {
///   print(error.field)  // "Current.catFactAPI.fetchFact"
/// }
/// ```
public struct UnimplementedError: Error, Equatable, CustomStringConvertible {
  /// The field that was called, such as `Current.catFactAPI.fetchFact`.
  public let field: String
  /// The whole message: what was called, and the line that overrides it.
  public let description: String

  /// An error for `field`, with the message that was reported.
  public init(field: String, description: String) {
    self.field = field
    self.description = description
  }

  /// The message for a call to `field`, which no test overrode.
  static func notOverridden(_ field: String) -> UnimplementedError {
    UnimplementedError(
      field: field,
      description: """
        \(field) was called, but the test world leaves it unimplemented. \
        Override it in the test, before the code under test calls it:

            \(field) = { … }

        The override reaches the code when the test runs in a world of its own \
        (@Test(.world) or @Suite(.world) in Swift Testing; a subclass of \
        WorldTestCase in XCTest) and the call runs in that world: carry it into \
        GCD, Task.detached, threads and stored callbacks with SharedWorld.
        """)
  }

  /// The message for a call to a live API, `field`, from a test process.
  static func liveInTests(_ field: String) -> UnimplementedError {
    UnimplementedError(
      field: field,
      description: """
        \(field) would reach the live service from a test process, so it was stopped. \
        Run the test in a world of its own (@Test(.world) or @Suite(.world) in Swift \
        Testing; a subclass of WorldTestCase in XCTest) and override the field:

            \(field) = { … }

        If the test has a world, this call escaped it (GCD, Task.detached, a thread \
        or a stored callback): carry the world into that work with SharedWorld.
        """)
  }

  /// The message for a call to a built-in live API, `field`, in a build
  /// without the `LiveAPIs` trait.
  static func liveAPIsTraitOff(_ field: String) -> UnimplementedError {
    UnimplementedError(
      field: field,
      description: """
        \(field) has no live service: CurrentWorld was built without its LiveAPIs trait, \
        so it does not link CurrentWorldHTTP. Turn the trait on where you depend on \
        CurrentWorld (it is a default trait: traits: [.defaults] or ["LiveAPIs"]), or set \
        the field at launch:

            World.bootstrap { $0.\(field.split(separator: ".")[1]) = … }
        """)
  }
}
