import Foundation

/// What the built-in live APIs do in a world whose context is not live.
enum TestProcess {
  /// Calls `live` when the world the call runs in (``Current``) has the
  /// live or preview context; in a test world, reports that `field` would
  /// reach the live service and throws ``UnimplementedError`` instead.
  ///
  /// So the built-in APIs follow ``World/context`` as app-defined keys do:
  /// `World.live` in a test process refuses, and the same world with
  /// `context = .live` reaches the service. The report has no place: the
  /// line that made `World.live` is the library's, not the test's, and the
  /// caller's line is not known to a stored closure.
  static func unlessTesting<Result>(
    _ field: String, _ live: @Sendable () async throws -> Result
  ) async throws -> Result {
    guard Current.context == .test else { return try await live() }
    let error = UnimplementedError.liveInTests(field)
    IssueReporter.current.report(
      ReportedIssue(message: error.description, fileID: "", filePath: "", line: 0, column: 0))
    throw error
  }
}
