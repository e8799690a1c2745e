import Foundation

/// Whether this process runs tests, so that the live APIs of ``World/live``
/// refuse to reach the network from one.
enum TestProcess {
  /// `true` under `swift test` (XCTest or Swift Testing) and Xcode's test
  /// runner.
  static let isRunning: Bool = {
    let process = ProcessInfo.processInfo
    if let executable = process.arguments.first, executable.contains(".xctest") {
      return true
    }
    let markers = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
    return markers.contains { process.environment[$0] != nil }
  }()

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
