// swift-tools-version: 6.1
// Benchmarks live in their own package so that the peers they compare
// against (swift-dependencies) never reach users of CurrentWorld.
import Foundation
import PackageDescription

// The root package is depended on by path; its identity is its folder's
// name, which differs between clones, so it is read from the path.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()

let package = Package(
  name: "CurrentWorldBenchmarks",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  dependencies: [
    .package(path: root.path),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
  ],
  targets: [
    // Timing, the baselines, and swift-dependencies' cases that every build
    // measures beside its own.
    .target(
      name: "BenchmarkHarness",
      dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]),
    // CurrentWorld as apps ship it, beside swift-dependencies.
    .executableTarget(
      name: "CurrentWorldBenchmarks",
      dependencies: [
        "BenchmarkHarness",
        .product(name: "CurrentWorld", package: root.lastPathComponent),
        // The swift-dependencies CatFact client's live value.
        .product(name: "CurrentWorldHTTP", package: root.lastPathComponent),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
    // The overridable `Current`, beside swift-dependencies built the same
    // way: optimized with DEBUG defined, and at -Onone, as tests run.
    // (swift-dependencies' cases come through the harness.)
    .executableTarget(
      name: "OverridableBenchmarks",
      dependencies: [
        "BenchmarkHarness",
        .product(name: "CurrentWorld", package: root.lastPathComponent),
      ]
    ),
    // A replayed HTTP call against the same call to a loopback server, and
    // loading a 1,000-entry HAR file.
    .executableTarget(
      name: "HARBenchmarks",
      dependencies: [.product(name: "CurrentWorldHTTP", package: root.lastPathComponent)]
    ),
    // The first read of `Current` in a fresh release process, one read per
    // launch; `run` launches it many times.
    .executableTarget(
      name: "LaunchBenchmarks",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
