// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "CurrentWorld",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "CurrentWorld", targets: ["CurrentWorld"]),
    .library(name: "CurrentWorldTesting", targets: ["CurrentWorldTesting"]),
  ],
  targets: [
    .target(name: "CurrentWorld"),
    .target(name: "CurrentWorldTesting", dependencies: ["CurrentWorld"]),
    .testTarget(name: "CurrentWorldTests", dependencies: ["CurrentWorld"]),
    .testTarget(
      name: "CurrentWorldTestingTests",
      dependencies: ["CurrentWorld", "CurrentWorldTesting"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
