// swift-tools-version: 6.2
// CurrentWorld on Vapor: the example server's contract (`GET /now`,
// `GET /countdown`) as an app on CurrentWorldVapor, so that one load check
// drives both frameworks. A package of its own, so that the root package's
// own build resolves no other package.
//
//   swift run --package-path Examples/VaporServer world-server-vapor
//   swift test --package-path Examples/VaporServer
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent()
let currentWorld = root.lastPathComponent

let package = Package(
  name: "VaporWorldServer",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "world-server-vapor", targets: ["world-server-vapor"])
  ],
  dependencies: [
    // As a user writes it, with the trait (from a URL rather than a path).
    .package(path: root.path, traits: ["Vapor"]),
    .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
  ],
  targets: [
    .target(
      name: "VaporWorldServer",
      dependencies: [
        .product(name: "CurrentWorldVapor", package: currentWorld),
        .product(name: "Vapor", package: "vapor"),
      ]),
    .executableTarget(name: "world-server-vapor", dependencies: ["VaporWorldServer"]),
    .testTarget(
      name: "VaporWorldServerTests",
      dependencies: [
        "VaporWorldServer",
        .product(name: "CurrentWorldVapor", package: currentWorld),
        .product(name: "CurrentWorldTesting", package: currentWorld),
        .product(name: "VaporTesting", package: "vapor"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
