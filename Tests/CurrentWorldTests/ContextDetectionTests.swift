import Foundation
import Testing

@testable import CurrentWorld

/// Context detection from a process's command line and environment, for
/// every runner CurrentWorld's users run, without being those runners.
@Suite struct ContextDetectionTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    var environment: [String: String] = [:]
    let expected: World.Context

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "Linux swift test: the .xctest executable",
      arguments: ["/src/App/.build/x86_64-unknown-linux-gnu/debug/AppPackageTests.xctest"],
      expected: .test),
    Case(
      name: "Linux swift test, Swift Testing pass",
      arguments: [
        "/src/App/.build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing",
      ],
      expected: .test),
    Case(
      name: "macOS swift test: xctest with a bundle",
      arguments: [
        "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest",
        "/src/App/.build/arm64-apple-macosx/debug/AppPackageTests.xctest",
      ],
      expected: .test),
    Case(
      name: "macOS xctest with options and a bundle path ending in a slash",
      arguments: ["xctest", "-XCTest", "AppTests.FooTests", "/tmp/AppPackageTests.xctest/"],
      expected: .test),
    Case(
      name: "an executable merely named xctest, with no bundle",
      arguments: ["/usr/local/bin/xctest", "--help"],
      expected: .live),
    Case(
      name: "macOS swift test: swiftpm-testing-helper for Swift Testing",
      arguments: [
        "/Applications/Xcode.app/Contents/Developer/usr/libexec/swift/pm/swiftpm-testing-helper",
        "--test-bundle-path",
        "/src/App/.build/debug/AppPackageTests.xctest/Contents/MacOS/AppPackageTests",
        "--testing-library", "swift-testing",
      ],
      expected: .test),
    Case(
      name: "Xcode: XCTestConfigurationFilePath",
      arguments: ["/Users/me/Library/Developer/CoreSimulator/App.app/App"],
      environment: ["XCTestConfigurationFilePath": "/tmp/App.xctestconfiguration"],
      expected: .test),
    Case(
      name: "Xcode: XCTestBundlePath",
      arguments: ["/Applications/Xcode.app/Contents/Developer/usr/bin/xctest"],
      environment: ["XCTestBundlePath": "/tmp/AppTests.xctest"],
      expected: .test),
    Case(
      name: "Xcode: XCTestSessionIdentifier",
      arguments: ["App"], environment: ["XCTestSessionIdentifier": "42"], expected: .test),
    Case(
      name: "Xcode: XCTestBundleInjectPath",
      arguments: ["App"], environment: ["XCTestBundleInjectPath": "/tmp/AppTests.xctest"],
      expected: .test),
    Case(
      name: "an Xcode preview",
      arguments: ["/Users/me/Library/Developer/Xcode/UserData/Previews/App.app/App"],
      environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"], expected: .preview),
    Case(
      name: "a preview flag that is not 1",
      arguments: ["App"], environment: ["XCODE_RUNNING_FOR_PREVIEWS": "0"], expected: .live),
    Case(
      name: "an executable inside a .xctest bundle",
      arguments: ["/DerivedData/Build/AppTests.xctest/Contents/MacOS/AppTests"], expected: .test),
    Case(
      name: "an app in a folder whose name contains xctest",
      arguments: ["/Users/me/Tools.xctestplans/MyApp.xctest-runner/MyApp"], expected: .live),
    Case(
      name: "an ordinary app", arguments: ["/usr/local/bin/world-demo", "--uuid"],
      expected: .live),
    Case(name: "no arguments at all", arguments: [], expected: .live),
    Case(
      name: "explicit override: test, for a tool",
      arguments: ["/usr/local/bin/my-runner"], environment: ["CURRENTWORLD_CONTEXT": "test"],
      expected: .test),
    Case(
      name: "explicit override: live wins over a test runner",
      arguments: ["/src/App/.build/debug/AppPackageTests.xctest"],
      environment: ["CURRENTWORLD_CONTEXT": "live", "XCTestBundlePath": "/tmp/x.xctest"],
      expected: .live),
    Case(
      name: "explicit override: preview",
      arguments: ["App"], environment: ["CURRENTWORLD_CONTEXT": "preview"], expected: .preview),
    Case(
      name: "an unknown override is ignored, and detection goes on",
      arguments: ["/src/App/.build/debug/AppPackageTests.xctest"],
      environment: ["CURRENTWORLD_CONTEXT": "staging"], expected: .test),
  ]

  @Test(arguments: cases)
  func detects(_ testCase: Case) {
    let context = World.Context.detect(
      arguments: testCase.arguments, environment: { testCase.environment[$0] })
    #expect(context == testCase.expected, "\(testCase.name)")
  }

  @Test func thisProcessIsATestProcess() {
    #expect(World.Context.process == .test)
  }
}
