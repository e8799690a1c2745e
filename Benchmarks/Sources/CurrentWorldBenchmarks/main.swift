import BenchmarkHarness
import Foundation

// CurrentWorld as apps ship it, in a release build (`Current` is a `let`),
// beside swift-dependencies. It prints its cases as
// `build<TAB>case<TAB>ns/op`; `Benchmarks/run` turns them into the table.
let harness = Harness(brief: CommandLine.arguments.contains("--brief"))
#if !DEBUG
  harness.run(ReleaseCases.all, build: "release")
#endif
