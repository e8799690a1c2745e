// swift-tools-version: 6.2
// CurrentWorld on a server: the same app, `GET /now` and `GET /countdown`,
// on Hummingbird (world-server, with `GET /catfact`) and on Vapor
// (world-server-vapor), each a world per request with one line of
// middleware, and one command line for both. A package of its own, so that
// the root package's own build resolves no other package. (A server of
// yours enables one trait: see the README.)
//
//   swift run --package-path Examples/Server world-server
//   swift run --package-path Examples/Server world-server-vapor
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
  // macOS 15: the load client and the tests compare each countdown line
  // with `Date.AnchoredRelativeFormatStyle`, which Apple ships from macOS 15
  // (the library itself falls back below it; CI's availability audit checks).
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "world-server", targets: ["world-server"]),
    .executable(name: "world-server-vapor", targets: ["world-server-vapor"]),
    .executable(name: "world-server-load", targets: ["world-server-load"]),
  ],
  dependencies: [
    // As a user writes it, with the traits (from a URL rather than a path).
    .package(path: root.path, traits: ["Hummingbird", "Vapor"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    // The load check's client; Hummingbird's testing library uses it too.
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.30.0"),
  ],
  targets: [
    // The command line that both servers take.
    .target(
      name: "ServerCommandLine",
      dependencies: [.product(name: "CurrentWorld", package: currentWorld)]),
    .target(
      name: "WorldServer",
      dependencies: [
        "ServerCommandLine",
        .product(name: "CurrentWorldHummingbird", package: currentWorld),
        // The live cat fact (--live): the server declares its own API.
        .product(name: "CurrentWorldHTTP", package: currentWorld),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      // The upstream's answers, replayed from the tests' source folder.
      exclude: ["Recordings"]),
    .executableTarget(name: "world-server", dependencies: ["WorldServer"]),
    .target(
      name: "VaporWorldServer",
      dependencies: [
        "ServerCommandLine",
        .product(name: "CurrentWorldVapor", package: currentWorld),
        .product(name: "Vapor", package: "vapor"),
      ]),
    .executableTarget(name: "world-server-vapor", dependencies: ["VaporWorldServer"]),
    // Not an app: drives either server under concurrent load, and checks
    // that every answer is in its own request's world.
    .executableTarget(
      name: "world-server-load",
      dependencies: [
        "WorldServer",
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
