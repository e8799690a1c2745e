// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "CurrentWorld",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "CurrentWorld", targets: ["CurrentWorld"])
  ],
  targets: [
    .target(name: "CurrentWorld"),
    .testTarget(name: "CurrentWorldTests", dependencies: ["CurrentWorld"]),
  ],
  swiftLanguageModes: [.v6]
)
