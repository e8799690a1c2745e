// swift-tools-version: 6.2
// A second package that declares a public dependency, read by the app in
// `ModularApp` as `Current.catalog`.
import Foundation
import PackageDescription

let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

let package = Package(
  name: "Catalog",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  products: [.library(name: "Catalog", targets: ["Catalog"])],
  dependencies: [.package(path: root.path)],
  targets: [
    .target(
      name: "Catalog",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)])
  ],
  swiftLanguageModes: [.v6]
)
