// swift-tools-version: 6.2
// A new user's app, which enables no trait: it depends on CurrentWorld by
// URL, as a user does, and CI checks that this resolves CurrentWorld and no
// other package. Its three other targets use a trait's product without its
// trait, and must fail to build with a message that names the trait.
// CI points the URL at this commit (a SwiftPM mirror of a local clone,
// tagged 0.999.0).
import PackageDescription

let package = Package(
  name: "AppUser",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(url: "https://github.com/currentworld/CurrentWorld.git", from: "0.5.0")
  ],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [.product(name: "CurrentWorld", package: "CurrentWorld")]),
    .target(
      name: "NoHummingbirdTrait",
      dependencies: [.product(name: "CurrentWorldHummingbird", package: "CurrentWorld")]),
    .target(
      name: "NoVaporTrait",
      dependencies: [.product(name: "CurrentWorldVapor", package: "CurrentWorld")]),
    .target(
      name: "NoOpenAPITrait",
      dependencies: [.product(name: "CurrentWorldOpenAPI", package: "CurrentWorld")]),
  ],
  swiftLanguageModes: [.v6]
)
