// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "CurrentWorld",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    // For app targets: the pattern, `World` and `Current`.
    .library(name: "CurrentWorld", targets: ["CurrentWorld"]),
    // For app targets that call backend APIs: HTTPClient (and its world-aware
    // client), Endpoint, APIError.
    .library(name: "CurrentWorldHTTP", targets: ["CurrentWorldHTTP"]),
    // For the server integrations and any server framework: a request's
    // world from its headers (language negotiation, time-zone header).
    .library(name: "CurrentWorldServer", targets: ["CurrentWorldServer"]),
    // For test targets only.
    .library(name: "CurrentWorldTesting", targets: ["CurrentWorldTesting"]),
    .executable(name: "world-demo", targets: ["world-demo"]),
  ],
  traits: [
    .trait(
      name: "ReleaseScopes",
      description: """
        Keeps withWorld and SharedWorld in release builds, for a server that runs each \
        request in a world of its own. Current stays read-only in release.
        """
    )
  ],
  targets: [
    // The one lock and the other primitives that the modules share; not a
    // product, so no user imports it.
    .target(name: "CurrentWorldSupport"),
    .target(name: "CurrentWorld", dependencies: ["CurrentWorldSupport"]),
    // HTTP is layered on the core, never the other way round: importing
    // CurrentWorld alone shows no HTTP name, and links no FoundationNetworking.
    .target(name: "CurrentWorldHTTP", dependencies: ["CurrentWorld", "CurrentWorldSupport"]),
    // What every server integration shares, with no framework: it reads
    // header values as strings.
    .target(name: "CurrentWorldServer", dependencies: ["CurrentWorld", "CurrentWorldSupport"]),
    .target(name: "CurrentWorldTesting", dependencies: ["CurrentWorld", "CurrentWorldSupport"]),
    // The seed apps, rebuilt on CurrentWorld; not a product, so users never
    // link them.
    .target(
      name: "CurrentWorldExamples",
      dependencies: ["CurrentWorld", "CurrentWorldHTTP"],
      path: "Examples/Apps"
    ),
    .executableTarget(
      name: "world-demo",
      dependencies: ["CurrentWorld", "CurrentWorldHTTP", "CurrentWorldExamples"],
      path: "Examples/WorldDemo"
    ),
    // A stand-in for Vapor's NIOHTTP1, Alamofire and AsyncHTTPClient: it
    // declares HTTPMethod, HTTPClient, Endpoint and APIError, and a test
    // file imports it beside CurrentWorld.
    .target(name: "NameClashFixture", path: "Tests/Fixtures/NameClash"),
    // What every test target shares: waits with a time limit, and a seeded
    // random number generator.
    .target(
      name: "TestHelpers",
      dependencies: ["CurrentWorld", "CurrentWorldSupport", "CurrentWorldTesting"],
      path: "Tests/Helpers"
    ),
    .testTarget(
      name: "CurrentWorldTests",
      dependencies: [
        "CurrentWorldExamples",
        "CurrentWorld", "CurrentWorldHTTP", "NameClashFixture", "TestHelpers",
        "CurrentWorldSupport", "CurrentWorldTesting",
      ]
    ),
    .testTarget(
      name: "CurrentWorldHTTPTests",
      dependencies: [
        "CurrentWorldExamples",
        "CurrentWorldHTTP", "CurrentWorld", "CurrentWorldTesting", "TestHelpers",
        "CurrentWorldSupport",
      ]
    ),
    .testTarget(
      name: "CurrentWorldTestingTests",
      dependencies: [
        "CurrentWorldExamples",
        "CurrentWorld", "CurrentWorldHTTP", "CurrentWorldTesting", "TestHelpers",
        "CurrentWorldSupport",
      ]
    ),
    .testTarget(
      name: "CurrentWorldServerTests",
      dependencies: ["CurrentWorldServer", "CurrentWorld", "CurrentWorldTesting", "TestHelpers"]
    ),
    // The code of the DocC articles, compiled and run; `.ci/run` checks that
    // every snippet in an article is found here.
    .testTarget(
      name: "CurrentWorldDocumentationTests",
      dependencies: [
        "CurrentWorldExamples",
        "CurrentWorld", "CurrentWorldHTTP", "CurrentWorldTesting", "TestHelpers",
        "CurrentWorldSupport",
      ]
    ),
    .testTarget(
      name: "CurrentWorldExamplesTests",
      dependencies: [
        "CurrentWorld", "CurrentWorldHTTP", "CurrentWorldTesting", "CurrentWorldExamples",
        "world-demo", "TestHelpers", "CurrentWorldSupport",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
