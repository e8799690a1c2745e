// swift-tools-version: 6.2
// A new user's package with the trait `OpenAPI` alone: it depends on
// CurrentWorld by URL, and CI checks that this resolves CurrentWorld,
// swift-openapi-runtime and swift-http-types, and no other package.
// CI points the URL at this commit (a SwiftPM mirror of a local clone,
// tagged 0.999.0).
import PackageDescription

let package = Package(
  name: "OpenAPIUser",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(
      url: "https://github.com/currentworld/CurrentWorld.git", from: "0.5.0", traits: ["OpenAPI"]),
    .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.8.0"),
  ],
  targets: [
    .executableTarget(
      name: "Caller",
      dependencies: [
        .product(name: "CurrentWorldOpenAPI", package: "CurrentWorld"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
