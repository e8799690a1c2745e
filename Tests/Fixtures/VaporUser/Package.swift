// swift-tools-version: 6.2
// A new user's Vapor server, written from the CurrentWorldVapor article: it
// depends on that product and Vapor, nothing else, by URL as a user does.
// CI points the URL at this commit (a SwiftPM mirror of a local clone,
// tagged 0.999.0), and checks that the trait brings no other framework.
import PackageDescription

let package = Package(
  name: "VaporUser",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(
      url: "https://github.com/currentworld/CurrentWorld.git", from: "0.5.0",
      traits: ["Vapor"]),
    .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
  ],
  targets: [
    .target(
      name: "Greeter",
      dependencies: [
        .product(name: "CurrentWorldVapor", package: "CurrentWorld"),
        .product(name: "Vapor", package: "vapor"),
      ]),
    .testTarget(
      name: "GreeterTests",
      dependencies: [
        "Greeter",
        .product(name: "CurrentWorldTesting", package: "CurrentWorld"),
        .product(name: "VaporTesting", package: "vapor"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
