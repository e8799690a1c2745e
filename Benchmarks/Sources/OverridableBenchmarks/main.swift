import BenchmarkHarness
import Foundation

// CurrentWorld's overridable `Current`, which exists where DEBUG is defined.
// `Benchmarks/run` builds this twice: optimized with DEBUG defined, and as a
// plain debug build (-Onone), which is how tests and debug apps run. It
// prints its cases as `build<TAB>case<TAB>ns/op`.
#if DEBUG
  let harness = Harness(brief: CommandLine.arguments.contains("--brief"))
  let build = CommandLine.arguments.contains("--onone") ? "debug -Onone" : "debug-semantics"
  harness.run(OverridableCases.all, build: build)
#endif
