// swift-tools-version: 6.2
// An app split in modules, as the "Defining your own dependencies" article
// teaches it: an app module with default MainActor isolation (what new
// Xcode app targets have) and a feature module without, each declaring its
// dependencies in a namespace of its own, and a dependency that a second
// package (`Catalog`) declares publicly. `check-modular-app` builds it in
// debug and release, runs its tests, and proves that a write to `Current`
// fails to compile in release and that a name two modules both declare is
// reported as ambiguous.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let currentWorld = Target.Dependency.product(name: "CurrentWorld", package: root.lastPathComponent)
let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]
// Reads a name that both modules declare, which must fail to compile, so it
// joins the package only when `check-modular-app` asks for it.
let ambiguous: [Target] =
  Context.environment["MODULAR_APP_AMBIGUOUS"] == nil
  ? [] : [.executableTarget(name: "Ambiguous", dependencies: ["App", "Feature", currentWorld])]

let package = Package(
  name: "ModularApp",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  dependencies: [.package(path: root.path), .package(path: "Catalog")],
  targets: [
    .target(name: "Feature", dependencies: [currentWorld]),
    .target(
      name: "App",
      dependencies: ["Feature", currentWorld, .product(name: "Catalog", package: "Catalog")],
      swiftSettings: mainActorByDefault),
    .executableTarget(
      name: "Launch", dependencies: ["App", currentWorld], swiftSettings: mainActorByDefault),
    // What a preview and a bootstrapped launch make of a dependency.
    .executableTarget(name: "LaunchProbe", dependencies: [currentWorld]),
    // Writes `Current`: builds in debug; `check-modular-app` proves that
    // release refuses it.
    .executableTarget(
      name: "ReleaseWrite", dependencies: ["App", currentWorld], swiftSettings: mainActorByDefault),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "App", "Feature", currentWorld, .product(name: "Catalog", package: "Catalog"),
        .product(name: "CurrentWorldTesting", package: root.lastPathComponent),
      ]),
    // The README's first test file as pasted into an app module with
    // default MainActor isolation (a link to the package's own copy), and
    // tests off the main actor that read and override its dependency: the
    // recipe a reader copies builds in a new Xcode app target.
    .target(
      name: "ReadmeApp",
      dependencies: [
        currentWorld, .product(name: "CurrentWorldTesting", package: root.lastPathComponent),
      ],
      swiftSettings: mainActorByDefault),
    .testTarget(
      name: "ReadmeAppTests",
      dependencies: [
        "ReadmeApp", currentWorld,
        .product(name: "CurrentWorldTesting", package: root.lastPathComponent),
      ]),
  ] + ambiguous,
  swiftLanguageModes: [.v6]
)
