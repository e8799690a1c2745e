// swift-tools-version: 6.2
// A new user's Hummingbird server, written from the CurrentWorldHummingbird
// article: it depends on that product and Hummingbird, nothing else.
import PackageDescription

let package = Package(
  name: "HummingbirdUser",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(path: "../../../Integrations/CurrentWorldHummingbird"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
  ],
  targets: [
    .target(
      name: "Greeter",
      dependencies: [
        .product(name: "CurrentWorldHummingbird", package: "CurrentWorldHummingbird"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ]),
    .testTarget(
      name: "GreeterTests",
      dependencies: [
        "Greeter",
        .product(name: "CurrentWorldHummingbirdTesting", package: "CurrentWorldHummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
