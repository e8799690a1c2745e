// swift-tools-version: 6.2
// Code built optimized with DEBUG defined (`swift build -c release
// -Xswiftc -DDEBUG`), where `Current` is overridable and the optimizer may
// end a value's lifetime early: `.ci/run` runs it to prove that a replaced
// world is released only after the lock is open. The debug lock is
// error-checking, so a release under the lock traps instead of hanging.
import Foundation
import PackageDescription

// The root package's identity is its folder's name, which differs between
// clones, so it is read from the path rather than written down.
let root = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "OptimizedDebug",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10)],
  dependencies: [.package(path: root.path)],
  targets: [
    .executableTarget(
      name: "Reentry",
      dependencies: [.product(name: "CurrentWorld", package: root.lastPathComponent)]
    )
  ],
  swiftLanguageModes: [.v6]
)
