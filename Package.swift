// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "CurrentWorld",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    .library(name: "CurrentWorld", targets: ["CurrentWorld"]),
    .library(name: "CurrentWorldTesting", targets: ["CurrentWorldTesting"]),
    .executable(name: "world-demo", targets: ["world-demo"]),
  ],
  targets: [
    .target(name: "CurrentWorld"),
    .target(name: "CurrentWorldTesting", dependencies: ["CurrentWorld"]),
    // The seed apps, rebuilt on CurrentWorld; not a product, so users never
    // link them.
    .target(name: "CurrentWorldExamples", dependencies: ["CurrentWorld"], path: "Examples/Apps"),
    .executableTarget(
      name: "world-demo",
      dependencies: ["CurrentWorld", "CurrentWorldExamples"],
      path: "Examples/WorldDemo"
    ),
    .testTarget(name: "CurrentWorldTests", dependencies: ["CurrentWorld"]),
    .testTarget(
      name: "CurrentWorldTestingTests",
      dependencies: ["CurrentWorld", "CurrentWorldTesting"]
    ),
    // The code of the DocC articles, compiled and run; `.ci/run` checks that
    // every snippet in an article is found here.
    .testTarget(
      name: "CurrentWorldDocumentationTests",
      dependencies: ["CurrentWorld", "CurrentWorldTesting"]
    ),
    .testTarget(
      name: "CurrentWorldExamplesTests",
      dependencies: ["CurrentWorld", "CurrentWorldTesting", "CurrentWorldExamples", "world-demo"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
