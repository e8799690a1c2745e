import Foundation

/// What a test process does instead of reaching the network: the live
/// APIs of ``World/live`` refuse in a process whose context is
/// ``World/Context-swift.enum/test``.
enum TestProcess {
  /// A closure that reports and throws instead of calling the live `field`.
  static func refusingLiveAccess<Result>(
    _ field: String,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> @Sendable () async throws -> Result {
    {
      throw reportUnimplemented(.liveInTests(field), fileID, filePath, line, column)
    }
  }
}
