import CurrentWorld
import Foundation

// One first read, timed in a fresh process: `Current` (what a release app
// pays on its first use of the world), or, with `--foundation`, the
// Foundation values that the live world is made of, read alone. Prints the
// nanoseconds it took; `Benchmarks/run` launches it many times and compares
// the medians.
let foundationOnly = CommandLine.arguments.contains("--foundation")
_ = DispatchTime.now()  // the clock's own first call is not measured
let start = DispatchTime.now().uptimeNanoseconds
if foundationOnly {
  withExtendedLifetime(
    (Calendar.autoupdatingCurrent, Locale.autoupdatingCurrent, TimeZone.autoupdatingCurrent, Date())
  ) {}
} else {
  withExtendedLifetime(Current.date()) {}
}
let end = DispatchTime.now().uptimeNanoseconds
print(end - start)
