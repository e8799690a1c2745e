import Foundation

/// Keeps a value alive in the optimizer's eyes, so that the work producing
/// it cannot be removed.
@inline(never)
public func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Hides a value's origin from the optimizer, so that a closure stored in a
/// global is called rather than inlined.
@inline(never)
public func opaque<T>(_ value: T) -> T { value }

/// One measured case: a name, and a body that runs the operation `n` times.
public struct Case: Sendable {
  public let name: String
  public let body: @Sendable (Int) -> Void

  public init(name: String, body: @escaping @Sendable (Int) -> Void) {
    self.name = name
    self.body = body
  }
}

/// Measures cases in one process, so that each ratio compares numbers taken
/// on the same machine at the same time.
public struct Harness {
  /// `true` in CI: one short repetition per case, so the code cannot rot.
  public let brief: Bool

  public init(brief: Bool) {
    self.brief = brief
  }

  var repetitions: Int { brief ? 1 : 9 }

  /// The iterations that make one repetition of `testCase` last about
  /// 50 ms.
  func calibrate(_ testCase: Case) -> Int {
    var iterations = brief ? 10 : 100
    if !brief {
      while seconds(testCase, iterations) < 0.05 && iterations < 1 << 30 { iterations *= 2 }
    }
    return iterations
  }

  private func seconds(_ testCase: Case, _ iterations: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    testCase.body(iterations)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Prints one tab-separated line per case: build, case, and the median
  /// ns/op over the repetitions. The repetitions go round the cases, one of
  /// each per round, so that a case and the baseline it is divided by are
  /// measured moments apart, and a shared machine's slow spell falls on
  /// both.
  ///
  /// With `BENCHMARK_ONLY` set, runs only the cases whose names contain it,
  /// for `perf record` of one case; with `BENCHMARK_ITERATIONS` too, runs
  /// each case once for that many iterations, whatever the time, for
  /// `count-instructions`.
  public func run(_ cases: [Case], build: String) {
    let environment = ProcessInfo.processInfo.environment
    let only = environment["BENCHMARK_ONLY"]
    let selected = cases.filter { only.map($0.name.contains) ?? true }
    if let fixed = environment["BENCHMARK_ITERATIONS"].flatMap(Int.init) {
      for testCase in selected { testCase.body(fixed) }
      return
    }
    let iterations = selected.map(calibrate)
    var samples = Array(repeating: [Double](), count: selected.count)
    for _ in 0..<repetitions {
      for (index, testCase) in selected.enumerated() {
        samples[index].append(
          seconds(testCase, iterations[index]) * 1e9 / Double(iterations[index]))
      }
    }
    for (testCase, times) in zip(selected, samples) {
      let median = times.sorted()[times.count / 2]
      print("\(build)\t\(testCase.name)\t\(String(format: "%.2f", median))")
    }
  }
}
