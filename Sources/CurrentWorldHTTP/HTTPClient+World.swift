// The one file of this module that reads the world, or reports to the
// test: CurrentWorld never imports this module, so importing CurrentWorld
// alone shows no HTTP names.
internal import CurrentWorld
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPClient {
  /// `Current.clock`: where a client's timeouts sleep unless it is given
  /// another clock. A function, not an inlined read, because this module
  /// imports CurrentWorld internally.
  ///
  /// A Swift Testing test without a world that calls a client is not
  /// failed for this read (see `TestWorlds.worldForWaiting()`): a test
  /// against a loopback server wants the continuous clock that the
  /// process-wide world has. Work that escaped a test world is still
  /// warned about, since its timeouts miss the test's clock.
  @usableFromInline
  static func worldClock() -> any Clock<Duration> {
    #if DEBUG
      TestWorlds.worldForWaiting().clock
    #else
      Current.clock
    #endif
  }

  /// `Current.date()`: what a client measures a `Retry-After` date from
  /// unless it is given another source.
  @usableFromInline
  static func worldNow() -> Date {
    Current.date()
  }

  /// Runs `operation`, watched as a wait of the test whose world is in
  /// effect (see the core's `LongWaits`): one that lasts names its test.
  /// Only `operation` in release builds.
  static func watchingLongWait<R>(
    _ what: @autoclosure () -> String, fix: String,
    operation: () async throws -> R
  ) async rethrows -> R {
    #if DEBUG
      try await LongWaits.watch(what(), fix: fix, operation: operation)
    #else
      try await operation()
    #endif
  }
}

extension HARTransport {
  /// Fails the running test with `message`, placed at the `replaying`
  /// call (see `IssueReporter`).
  static func report(_ message: String, at place: Place) {
    IssueReporter.report(
      message, fileID: place.fileID, filePath: place.filePath, line: place.line,
      column: place.column)
  }

  /// Adds `check` to the end of the test whose world is in effect; false
  /// outside test worlds, and in release builds, which have none.
  static func checkAtTestEnd(_ check: @escaping @Sendable () -> Void) -> Bool {
    #if DEBUG
      guard let checks = TestEndChecks.inEffect else { return false }
      checks.add(check)
      return true
    #else
      return false
    #endif
  }
}
