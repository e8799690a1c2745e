// swift-tools-version: 6.2
// CurrentWorld on a server: an app on CurrentWorldHummingbird, a world per
// request with one line of middleware. A package of its own, so that the
// root package's own build resolves no other package.
//
//   swift run --package-path Examples/Server world-server
//   swift test --package-path Examples/Server
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent()
let currentWorld = root.lastPathComponent

let package = Package(
  name: "WorldServer",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "world-server", targets: ["world-server"]),
    .executable(name: "world-server-load", targets: ["world-server-load"]),
  ],
  dependencies: [
    // As a user writes it, with the trait (from a URL rather than a path):
    // CurrentWorldHummingbird, CurrentWorldHTTP for the live cat fact,
    // CurrentWorldTesting for tests.
    .package(path: root.path, traits: ["Hummingbird"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    // The in-process cost measure: a channel for the request context, a logger.
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    // The load check's client; Hummingbird's testing library uses it too.
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.30.0"),
  ],
  targets: [
    .target(
      name: "WorldServer",
      dependencies: [
        .product(name: "CurrentWorldHummingbird", package: currentWorld),
        // The live cat fact (--live): the server declares its own API.
        .product(name: "CurrentWorldHTTP", package: currentWorld),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    .executableTarget(name: "world-server", dependencies: ["WorldServer"]),
    .executableTarget(
      name: "world-server-load",
      dependencies: [
        "WorldServer",
        .product(name: "CurrentWorldHummingbird", package: currentWorld),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ]),
    .testTarget(
      name: "WorldServerTests",
      dependencies: [
        "WorldServer",
        .product(name: "CurrentWorldHummingbird", package: currentWorld),
        .product(name: "CurrentWorldTesting", package: currentWorld),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
