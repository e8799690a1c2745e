// swift-tools-version: 6.2
// An app target built the way new Xcode app targets are, with default
// MainActor isolation, to prove that the documented `WorldKey` recipe
// compiles there and that its field reads from nonisolated code and from the
// main actor. `.ci/run` builds it in debug and release.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "DefaultMainActor",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  dependencies: [.package(path: root.path)],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)],
      swiftSettings: [.defaultIsolation(MainActor.self)]
    )
  ],
  swiftLanguageModes: [.v6]
)
