// swift-tools-version: 6.2
// libFuzzer targets, one per input a stranger controls. A package of its
// own, outside the products; `Fuzz/run` builds it with
// `--sanitize=fuzzer --sanitize=address` and runs each target on its seed
// corpus in `Corpus/`.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()

// libFuzzer brings `main`; each target defines `LLVMFuzzerTestOneInput`.
let library: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
  name: "Fuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: root.path)],
  targets: [
    // `Accept-Language` and the time-zone header, through CurrentWorldServer's
    // public API, as every server integration reads them.
    .executableTarget(
      name: "FuzzNegotiation",
      dependencies: [
        .product(name: "CurrentWorld", package: root.lastPathComponent),
        .product(name: "CurrentWorldServer", package: root.lastPathComponent),
      ],
      swiftSettings: library),
    // The HTTP client's handling of a response: status, headers, body.
    .executableTarget(
      name: "FuzzResponse",
      dependencies: [.product(name: "CurrentWorldHTTP", package: root.lastPathComponent)],
      swiftSettings: library),
    // Parsing a date with the library's formatters: any text, in scripts
    // with combining marks, and dates the formatters wrote.
    .executableTarget(
      name: "FuzzDateParsing",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)],
      swiftSettings: library),
    // A HAR file, read and replayed: the recordings a test replays may
    // come from a stranger's browser or proxy.
    .executableTarget(
      name: "FuzzHAR",
      dependencies: [
        .product(name: "CurrentWorld", package: root.lastPathComponent),
        .product(name: "CurrentWorldHTTP", package: root.lastPathComponent),
      ],
      swiftSettings: library),
    // Building a request from an endpoint's method, path, query, headers
    // and token.
    .executableTarget(
      name: "FuzzRequest",
      dependencies: [.product(name: "CurrentWorldHTTP", package: root.lastPathComponent)],
      swiftSettings: library),
  ],
  swiftLanguageModes: [.v6]
)
