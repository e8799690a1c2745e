// swift-tools-version: 6.2
// A test file that imports swift-dependencies beside CurrentWorld, as a
// codebase that moves from one to the other has for a while: the article
// "Coming from other styles" shows it, and `.ci/run` builds and runs it.
// It lives apart so that swift-dependencies never reaches CurrentWorld's
// users.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "SideBySide",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  dependencies: [
    .package(path: root.path),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
  ],
  targets: [
    .testTarget(
      name: "SideBySideTests",
      dependencies: [
        .product(name: "CurrentWorld", package: root.lastPathComponent),
        .product(name: "CurrentWorldTesting", package: root.lastPathComponent),
        .product(name: "CurrentWorldHTTP", package: root.lastPathComponent),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
