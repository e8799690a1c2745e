// swift-tools-version: 6.2
// A new user's Hummingbird server, written from the CurrentWorldHummingbird
// article: it depends on that product and Hummingbird, nothing else, by URL
// as a user does.
// CI points the URL at this commit (a SwiftPM mirror of a local clone,
// tagged 0.999.0), and checks that the trait brings no other framework.
import PackageDescription

let package = Package(
  name: "HummingbirdUser",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(
      url: "https://github.com/currentworld/CurrentWorld.git", from: "0.5.0",
      traits: ["Hummingbird"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
  ],
  targets: [
    .target(
      name: "Greeter",
      dependencies: [
        .product(name: "CurrentWorldHummingbird", package: "CurrentWorld"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ]),
    .testTarget(
      name: "GreeterTests",
      dependencies: [
        "Greeter",
        .product(name: "CurrentWorldTesting", package: "CurrentWorld"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
