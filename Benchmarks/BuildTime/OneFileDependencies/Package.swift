// swift-tools-version: 6.1
// The smallest package that uses swift-dependencies: one file, one
// dependency. `Benchmarks/run` times its clean debug build against the
// CurrentWorld library's.
import PackageDescription

let package = Package(
  name: "OneFileDependencies",
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1")
  ],
  targets: [
    .target(
      name: "OneFile", dependencies: [.product(name: "Dependencies", package: "swift-dependencies")]
    )
  ],
  swiftLanguageModes: [.v6]
)
