// swift-tools-version: 6.2
// A server's view of CurrentWorld's traits: built in release with
// `ReleaseScopes` on and the default `LiveAPIs` off. `.ci/run` builds it (see
// `check-server-traits`): `Lean` runs concurrent per-request worlds in
// release and shows the built-in APIs' trait-off error, and its binary must
// not link FoundationNetworking or libcurl; `Writes` must still fail to
// compile in release, because the trait keeps `Current` read-only.
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
    .target(
      name: "Writes",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]),
  ],
  swiftLanguageModes: [.v6]
)
