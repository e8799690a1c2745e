// swift-tools-version: 6.2
// A server's view of CurrentWorld: built in release with the `ReleaseScopes`
// trait. `.ci/run` builds it (see `check-server-traits`): `Lean` imports
// CurrentWorld alone and runs concurrent per-request worlds in release, and
// its binary must not link FoundationNetworking or libcurl; `Networked`
// imports CurrentWorldHTTP too, and must link them (so the check can see a
// link); `Writes` must still fail to compile in release, because the trait
// keeps `Current` read-only.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "ServerTraits",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: root.path, traits: ["ReleaseScopes"])],
  targets: [
    .executableTarget(
      name: "Lean",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]),
    .executableTarget(
      name: "Networked",
      dependencies: [
        .product(name: "CurrentWorld", package: root.lastPathComponent),
        .product(name: "CurrentWorldHTTP", package: root.lastPathComponent),
      ]),
    .target(
      name: "Writes",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]),
  ],
  swiftLanguageModes: [.v6]
)
