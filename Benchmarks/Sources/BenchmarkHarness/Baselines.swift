import Foundation

/// The baseline: a plain global `let` struct holding a `@Sendable () -> Date`.
struct Clock: Sendable {
  var date: @Sendable () -> Date
}

/// A closure as cheap as a closure can be, hidden from the optimizer.
let cheapDate: @Sendable () -> Date = opaque(
  { Date(timeIntervalSinceReferenceDate: 1) } as @Sendable () -> Date)

let baselineClock = Clock(date: cheapDate)

/// The naive pattern that Swift 6 rejects unless marked unsafe.
nonisolated(unsafe) var naiveClock = Clock(date: cheapDate)

/// The baseline for the release `Current`, whose clock is the system's.
let liveBaselineClock = Clock(date: opaque({ Date() } as @Sendable () -> Date))

enum BaselineTaskLocal {
  @TaskLocal static var value: Int?
}

enum Baselines {
  static let cheap = Case(name: "baseline: let closure") { n in
    for _ in 0..<n { blackHole(baselineClock.date()) }
  }

  static let bareWithValue = Case(name: "TaskLocal.withValue, bare") { n in
    for index in 0..<n { BaselineTaskLocal.$value.withValue(index) { blackHole(index) } }
  }
}
