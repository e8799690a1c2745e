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

  /// The median nanoseconds per operation over the repetitions, after a
  /// calibration that makes each repetition last about 50 ms.
  func measure(_ testCase: Case) -> Double {
    var iterations = brief ? 10 : 100
    if !brief {
      while seconds(testCase, iterations) < 0.05 && iterations < 1 << 30 { iterations *= 2 }
    }
    let samples = (0..<repetitions).map { _ in
      seconds(testCase, iterations) * 1e9 / Double(iterations)
    }
    return samples.sorted()[samples.count / 2]
  }

  private func seconds(_ testCase: Case, _ iterations: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    testCase.body(iterations)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// Prints one tab-separated line per case: build, case, ns/op.
  public func run(_ cases: [Case], build: String) {
    for testCase in cases {
      let nanoseconds = measure(testCase)
      print("\(build)\t\(testCase.name)\t\(String(format: "%.2f", nanoseconds))")
    }
  }
}
