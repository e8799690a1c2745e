// swift-tools-version: 6.2
// CurrentWorldHummingbird: a world per request on Hummingbird. A package of
// its own, so that the root package keeps no dependencies and a Hummingbird
// server never fetches Vapor.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent()
let currentWorld = root.lastPathComponent

let package = Package(
  name: "CurrentWorldHummingbird",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17)],
  products: [
    .library(name: "CurrentWorldHummingbird", targets: ["CurrentWorldHummingbird"]),
    // For test targets only: CurrentWorldTesting, re-exported.
    .library(name: "CurrentWorldHummingbirdTesting", targets: ["CurrentWorldHummingbirdTesting"]),
  ],
  dependencies: [
    // ReleaseScopes: a world per request in release builds too.
    .package(path: root.path, traits: ["ReleaseScopes"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
  ],
  targets: [
    .target(
      name: "CurrentWorldHummingbird",
      dependencies: [
        .product(name: "CurrentWorld", package: currentWorld),
        .product(name: "CurrentWorldServer", package: currentWorld),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    .target(
      name: "CurrentWorldHummingbirdTesting",
      dependencies: [.product(name: "CurrentWorldTesting", package: currentWorld)]),
    .testTarget(
      name: "CurrentWorldHummingbirdTests",
      dependencies: [
        "CurrentWorldHummingbird",
        .product(name: "CurrentWorld", package: currentWorld),
        .product(name: "CurrentWorldTesting", package: currentWorld),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
