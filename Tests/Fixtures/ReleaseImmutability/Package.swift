// swift-tools-version: 6.1
// A package outside the root package's targets that proves `Current` cannot
// be overridden in a release build. `.ci/run` builds it (see
// `check-release-immutability`): `Reads` builds in debug and release,
// `Writes` builds in debug and must fail to compile in release, and
// `Bootstrap` shows launch configuration working, once, in release, and
// `TestNames` builds in debug and is refused in release with a message that
// says tests need a debug build, and `StoredState` reads the stored-state
// fields of a live process, in debug and release.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "ReleaseImmutability",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  dependencies: [.package(path: root.path)],
  targets: [
    .target(
      name: "Reads",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]),
    .target(
      name: "Writes",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]),
    .target(
      name: "TestNames",
      dependencies: [
        .product(name: "CurrentWorld", package: root.lastPathComponent),
        .product(name: "CurrentWorldTesting", package: root.lastPathComponent),
      ]),
    .executableTarget(
      name: "Bootstrap",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]),
    .executableTarget(
      name: "StoredState",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]),
  ],
  swiftLanguageModes: [.v6]
)
