import Foundation

// Built twice by `Benchmarks/run`: a release build (CurrentWorld as apps ship
// it, plus swift-dependencies) and an optimized build with DEBUG defined
// (CurrentWorld's overridable `Current`). Each prints its cases as
// `build<TAB>case<TAB>ns/op`; `Benchmarks/run` turns them into the table.
let harness = Harness(brief: CommandLine.arguments.contains("--brief"))
#if DEBUG
  harness.run(OverridableCases.all, build: "debug-semantics")
#else
  harness.run(ReleaseCases.all, build: "release")
#endif
