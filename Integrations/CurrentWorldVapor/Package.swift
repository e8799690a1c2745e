// swift-tools-version: 6.2
// CurrentWorldVapor: a world per request on Vapor. A package of its own, so
// that the root package keeps no dependencies and a Vapor server never
// fetches Hummingbird.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent()
let currentWorld = root.lastPathComponent

let package = Package(
  name: "CurrentWorldVapor",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "CurrentWorldVapor", targets: ["CurrentWorldVapor"]),
    // For test targets only: CurrentWorldTesting, re-exported.
    .library(name: "CurrentWorldVaporTesting", targets: ["CurrentWorldVaporTesting"]),
  ],
  dependencies: [
    // ReleaseScopes: a world per request in release builds too.
    .package(path: root.path, traits: ["ReleaseScopes"]),
    .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
  ],
  targets: [
    .target(
      name: "CurrentWorldVapor",
      dependencies: [
        .product(name: "CurrentWorld", package: currentWorld),
        .product(name: "CurrentWorldServer", package: currentWorld),
        .product(name: "Vapor", package: "vapor"),
      ]),
    .target(
      name: "CurrentWorldVaporTesting",
      dependencies: [.product(name: "CurrentWorldTesting", package: currentWorld)]),
    .testTarget(
      name: "CurrentWorldVaporTests",
      dependencies: [
        "CurrentWorldVapor",
        .product(name: "CurrentWorld", package: currentWorld),
        .product(name: "CurrentWorldTesting", package: currentWorld),
        .product(name: "VaporTesting", package: "vapor"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
