// swift-tools-version: 6.2
// A new user's Vapor server, written from the CurrentWorldVapor article: it
// depends on that product and Vapor, nothing else.
import PackageDescription

let package = Package(
  name: "VaporUser",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(path: "../../../Integrations/CurrentWorldVapor"),
    .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
  ],
  targets: [
    .target(
      name: "Greeter",
      dependencies: [
        .product(name: "CurrentWorldVapor", package: "CurrentWorldVapor"),
        .product(name: "Vapor", package: "vapor"),
      ]),
    .testTarget(
      name: "GreeterTests",
      dependencies: [
        "Greeter",
        .product(name: "CurrentWorldVaporTesting", package: "CurrentWorldVapor"),
        .product(name: "VaporTesting", package: "vapor"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
