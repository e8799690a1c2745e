import Foundation

extension World {
  /// What a world is for: production, a test, or an Xcode preview. It picks
  /// the default of each app-defined dependency (a ``WorldDependency``'s
  /// live, test or preview value), and CurrentWorld detects it for the whole
  /// process at launch.
  ///
  /// The world outside every scope takes the process's context:
  ///
  /// | Process | Detected by | Dependencies give |
  /// |---|---|---|
  /// | An app or tool | anything else | the live value |
  /// | `swift test`, `xctest`, `swiftpm-testing-helper`, Xcode tests | the runner's name or Xcode's `XCTest…` variables | the test value (unimplemented, for an API) |
  /// | An Xcode preview | `XCODE_RUNNING_FOR_PREVIEWS=1` | the preview value |
  ///
  /// A tool can set the context itself with the environment variable
  /// `CURRENTWORLD_CONTEXT=live`, `test` or `preview`.
  public enum Context: String, Sendable, Hashable, CaseIterable {
    /// Production: dependencies give their live value.
    case live
    /// A test: dependencies give their test value.
    case test
    /// An Xcode preview: dependencies give their preview value, which is
    /// their live value unless they declare one.
    case preview
  }
}

extension World.Context {
  /// The environment variable that sets the process's context, for tools
  /// that run tests in a way detection does not know.
  static let environmentVariable = "CURRENTWORLD_CONTEXT"

  /// The environment variables that Xcode sets in a process that runs
  /// tests.
  static let xcodeTestVariables = [
    "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier",
    "XCTestBundleInjectPath",
  ]

  /// This process's context, detected once from its arguments and
  /// environment.
  static let process: World.Context = {
    if let value = variable(environmentVariable), World.Context(rawValue: value) == nil {
      let issue = ReportedIssue(
        message: """
          \(environmentVariable)=\(value) is not a context, so it is ignored: use live, test \
          or preview.
          """,
        // No place: the variable is set outside the source.
        fileID: "", filePath: "", line: 0, column: 0, severity: .warning)
      // Straight to standard error: this runs while the first world is made.
      IssueReporter.standardError.report(issue)
    }
    return detect(arguments: CommandLine.arguments, environment: variable)
  }()

  /// One variable of this process's environment. Read with `getenv`, not
  /// `ProcessInfo.environment`, which builds the whole dictionary: the
  /// largest cost of a release app's first read of `Current` (`Benchmarks/`).
  static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The context of a process started with `arguments` (the executable
  /// first) whose environment variables `environment` looks up.
  ///
  /// A pure function, so that every runner's command line can be tested
  /// without being that runner. An unknown value of
  /// ``environmentVariable`` is ignored, and detection goes on.
  static func detect(
    arguments: [String],
    environment: (String) -> String?
  ) -> World.Context {
    if let forced = environment(environmentVariable).flatMap(World.Context.init(rawValue:)) {
      return forced
    }
    if environment("XCODE_RUNNING_FOR_PREVIEWS") == "1" { return .preview }
    if xcodeTestVariables.contains(where: { environment($0) != nil }) { return .test }
    guard let executable = arguments.first else { return .live }
    // Compare whole path components: an app in "Tools.xctestplans/" is no
    // test bundle, and Linux's `swift test` runs "…/NamePackageTests.xctest".
    // In UTF-8 bytes, in one pass: `String.hasSuffix` and `split` were the
    // largest cost of a release app's first read of `Current` (`Benchmarks/`).
    let path = executable.utf8
    var start = path.startIndex
    for index in path.indices where path[index] == UInt8(ascii: "/") {
      if path[start..<index].ends(with: ".xctest") { return .test }
      start = path.index(after: index)
    }
    let name = path[start...]
    if name.ends(with: ".xctest") { return .test }
    if name.elementsEqual("xctest".utf8) {
      // macOS `swift test` runs XCTest as `xctest [options] Name.xctest`.
      let bundle = arguments.dropFirst().contains {
        $0.utf8.ends(with: ".xctest") || $0.utf8.ends(with: ".xctest/")
      }
      return bundle ? .test : .live
    }
    // macOS `swift test` runs Swift Testing through this helper.
    return name.elementsEqual("swiftpm-testing-helper".utf8) ? .test : .live
  }
}

extension BidirectionalCollection<UInt8> {
  /// Whether these UTF-8 bytes end with the bytes of `suffix`.
  fileprivate func ends(with suffix: String) -> Bool {
    reversed().starts(with: suffix.utf8.reversed())
  }
}
