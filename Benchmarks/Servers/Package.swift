// swift-tools-version: 6.2
// What the world middleware costs a request, on each framework: a minimal
// app with its one line of middleware and without it, measured in process
// (`middleware-cost`, CPU time, median of rounds) and counted per request
// on a real server under load (`count-allocations`: malloc and
// swift_allocObject calls, with uprobes). A package of its own, so that the
// root package's own build resolves no other package.
//
//   swift run -c release --package-path Benchmarks/Servers middleware-cost
//   Benchmarks/Servers/count-allocations
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent()
let currentWorld = root.lastPathComponent

let package = Package(
  name: "ServerBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    // OpenAPI too, which nothing here uses: CI builds this package in the
    // example servers' scratch folder, where CurrentWorld is compiled with
    // these three traits, and another set would compile it again.
    .package(path: root.path, traits: ["Hummingbird", "Vapor", "OpenAPI"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    // The in-process measure: a channel for Hummingbird's request context.
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
  ],
  targets: [
    // `GET /now` on each framework, with the middleware or without it.
    .target(
      name: "MinimalApps",
      dependencies: [
        .product(name: "CurrentWorldHummingbird", package: currentWorld),
        .product(name: "CurrentWorldVapor", package: currentWorld),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Vapor", package: "vapor"),
      ]),
    .executableTarget(name: "minimal-server", dependencies: ["MinimalApps"]),
    .executableTarget(
      name: "middleware-cost",
      dependencies: [
        "MinimalApps",
        .product(name: "NIOEmbedded", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
