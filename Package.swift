// swift-tools-version: 6.2
import PackageDescription

// Swift Package Index builds the documentation with SPI_GENERATE_DOCS set:
// every trait is on there, so that the server products' pages show their
// API rather than the stubs that name the trait.
let documentsEveryTrait = Context.environment["SPI_GENERATE_DOCS"] != nil

let package = Package(
  name: "CurrentWorld",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [
    // For app targets: the pattern, `World` and `Current`.
    .library(name: "CurrentWorld", targets: ["CurrentWorld"]),
    // For app targets that call backend APIs: HTTPClient (and its world-aware
    // client), Endpoint, APIError.
    .library(name: "CurrentWorldHTTP", targets: ["CurrentWorldHTTP"]),
    // For any server framework: a request's world from its headers
    // (language negotiation, time-zone header). The two below build on it.
    .library(name: "CurrentWorldServer", targets: ["CurrentWorldServer"]),
    // For test targets only.
    .library(name: "CurrentWorldTesting", targets: ["CurrentWorldTesting"]),
    // A world per request on Hummingbird 2; needs the trait `Hummingbird`.
    .library(name: "CurrentWorldHummingbird", targets: ["CurrentWorldHummingbird"]),
    // A world per request on Vapor 4; needs the trait `Vapor`.
    .library(name: "CurrentWorldVapor", targets: ["CurrentWorldVapor"]),
    // A Swift OpenAPI client transport that answers from the world in effect
    // at each send; needs the trait `OpenAPI`.
    .library(name: "CurrentWorldOpenAPI", targets: ["CurrentWorldOpenAPI"]),
    .executable(name: "world-demo", targets: ["world-demo"]),
  ],
  traits: [
    .default(enabledTraits: documentsEveryTrait ? ["Hummingbird", "Vapor", "OpenAPI"] : []),
    .trait(
      name: "ReleaseScopes",
      description: """
        Keeps withWorld and SharedWorld in release builds, for a server that runs each \
        request in a world of its own. Current stays read-only in release.
        """
    ),
    // Each server trait brings its framework, and nothing else: a dependency
    // used only under a trait is not even resolved while the trait is off
    // (SE-0450). One trait per condition: SwiftPM 6.2 reads a list of
    // traits as all of them, 6.3 as any of them.
    .trait(
      name: "Hummingbird",
      description: "The CurrentWorldHummingbird product: a world per request on Hummingbird 2.",
      enabledTraits: ["ReleaseScopes", "Logging"]
    ),
    .trait(
      name: "Vapor",
      description: "The CurrentWorldVapor product: a world per request on Vapor 4.",
      enabledTraits: ["ReleaseScopes", "Logging"]
    ),
    .trait(
      name: "OpenAPI",
      description: """
        The CurrentWorldOpenAPI product: a Swift OpenAPI ClientTransport that reads the world at \
        each send. Brings swift-openapi-runtime and swift-http-types only.
        """
    ),
    .trait(
      name: "Logging",
      description: """
        Current.logger, a view of swift-log's Logger.current that a world can override, and a \
        SharedWorld that carries Logger.current. Hummingbird and Vapor turn it on.
        """
    ),
  ],
  dependencies: [
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
    .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.8.0"),
  ],
  targets: [
    // The one lock and the other primitives that the modules share; not a
    // product, so no user imports it.
    .target(name: "CurrentWorldSupport"),
    // With the trait `Logging`, a SharedWorld carries swift-log's task-local
    // logger along with the world.
    .target(
      name: "CurrentWorld",
      dependencies: [
        "CurrentWorldSupport",
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
      ]
    ),
    // HTTP is layered on the core, never the other way round: importing
    // CurrentWorld alone shows no HTTP name, and links no FoundationNetworking.
    .target(name: "CurrentWorldHTTP", dependencies: ["CurrentWorld", "CurrentWorldSupport"]),
    // What every server integration shares, with no framework: it reads
    // header values as strings.
    .target(
      name: "CurrentWorldServer",
      dependencies: [
        "CurrentWorld", "CurrentWorldSupport",
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Logging"])),
      ]
    ),
    .target(name: "CurrentWorldTesting", dependencies: ["CurrentWorld", "CurrentWorldSupport"]),
    // The server integrations: each adapter converts its framework's request
    // and errors, and CurrentWorldServer does the rest. Without its trait,
    // a module declares only what tells its user to enable the trait.
    .target(
      name: "CurrentWorldHummingbird",
      dependencies: [
        "CurrentWorld", "CurrentWorldServer",
        .product(
          name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(
          name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Hummingbird"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .target(
      name: "CurrentWorldVapor",
      dependencies: [
        "CurrentWorld", "CurrentWorldServer", "CurrentWorldHTTP",
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Vapor"])),
      ]
    ),
    // Without its trait, it declares only what tells its user to enable it.
    .target(
      name: "CurrentWorldOpenAPI",
      dependencies: [
        "CurrentWorld", "CurrentWorldHTTP",
        .product(
          name: "OpenAPIRuntime", package: "swift-openapi-runtime",
          condition: .when(traits: ["OpenAPI"])),
        .product(
          name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
        .product(
          name: "HTTPTypesFoundation", package: "swift-http-types",
          condition: .when(traits: ["OpenAPI"])),
      ]
    ),
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
      ],
      // HAR files that tests read from the bundle.
      resources: [.copy("HAR")]
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
    // The integrations' tests, which compile to nothing without their trait:
    // `swift test --traits Hummingbird` (or `Vapor`) runs them.
    .testTarget(
      name: "CurrentWorldHummingbirdTests",
      dependencies: [
        "CurrentWorldHummingbird", "CurrentWorld", "CurrentWorldTesting", "TestHelpers",
        .product(
          name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(
          name: "HummingbirdTesting", package: "hummingbird",
          condition: .when(traits: ["Hummingbird"])),
        .product(
          name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["Hummingbird"])),
        .product(
          name: "InMemoryLogging", package: "swift-log", condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .testTarget(
      name: "CurrentWorldVaporTests",
      dependencies: [
        "CurrentWorldVapor", "CurrentWorld", "CurrentWorldHTTP", "CurrentWorldTesting",
        "TestHelpers",
        .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
        .product(
          name: "InMemoryLogging", package: "swift-log", condition: .when(traits: ["Vapor"])),
      ]
    ),
    .testTarget(
      name: "CurrentWorldOpenAPITests",
      dependencies: [
        "CurrentWorldOpenAPI", "CurrentWorld", "CurrentWorldHTTP", "CurrentWorldTesting",
        "CurrentWorldSupport", "TestHelpers",
        .product(
          name: "OpenAPIRuntime", package: "swift-openapi-runtime",
          condition: .when(traits: ["OpenAPI"])),
        .product(
          name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: ["OpenAPI"])),
      ]
    ),
    // The code of the DocC articles, compiled and run; `.ci/run` checks that
    // every snippet in an article is found here.
    .testTarget(
      name: "CurrentWorldDocumentationTests",
      dependencies: [
        "CurrentWorldExamples",
        "CurrentWorld", "CurrentWorldHTTP", "CurrentWorldTesting", "TestHelpers",
        "CurrentWorldSupport",
      ],
      // The recordings that the article's replaying test reads.
      exclude: ["Recordings"],
      // A file sees only the dependencies of the modules it imports: the
      // examples' `Current.analytics` stays out of the article's own.
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    // The README's first test, a whole file: a module of its own, as it
    // declares the namespace `AppDependencies` that an article's snippets
    // declare too.
    .testTarget(
      name: "CurrentWorldReadmeTests",
      dependencies: ["CurrentWorld", "CurrentWorldTesting"]
    ),
    .testTarget(
      name: "CurrentWorldExamplesTests",
      dependencies: [
        "CurrentWorld", "CurrentWorldHTTP", "CurrentWorldTesting", "CurrentWorldExamples",
        "world-demo", "TestHelpers", "CurrentWorldSupport",
      ],
      // HAR files that tests replay from their source folder, and that
      // `world-demo --record` writes.
      exclude: ["Recordings"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// CI builds the integrations' tests with their traits on and
// CURRENTWORLD_INTEGRATION_TESTS_ONLY set. The other test targets are built
// and run by the plain `swift test`; none of them reads a server trait (CI
// checks), so with the traits on they would only compile a second time.
if Context.environment["CURRENTWORLD_INTEGRATION_TESTS_ONLY"] != nil {
  let integrations: Set = [
    "CurrentWorldHummingbirdTests", "CurrentWorldVaporTests", "CurrentWorldOpenAPITests",
  ]
  package.targets.removeAll { $0.type == .test && !integrations.contains($0.name) }
}
