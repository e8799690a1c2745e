import Foundation

/// The baseline: a plain global `let` struct holding a `@Sendable () -> Date`.
public struct Clock: Sendable {
  public var date: @Sendable () -> Date
}

/// A closure as cheap as a closure can be, hidden from the optimizer.
public let cheapDate: @Sendable () -> Date = opaque(
  { Date(timeIntervalSinceReferenceDate: 1) } as @Sendable () -> Date)

public let baselineClock = Clock(date: cheapDate)

/// The naive pattern that Swift 6 rejects unless marked unsafe.
nonisolated(unsafe) public var naiveClock = Clock(date: cheapDate)

/// The baseline for the release `Current`, whose clock is the system's.
public let liveBaselineClock = Clock(date: opaque({ Date() } as @Sendable () -> Date))

enum BaselineTaskLocal {
  @TaskLocal static var value: Int?
  @TaskLocal static var clock: Clock?
}

public enum Baselines {
  public static let cheap = Case(name: "baseline: let closure") { n in
    for _ in 0..<n { blackHole(baselineClock.date()) }
  }

  public static let bareWithValue = Case(name: "TaskLocal.withValue, bare") { n in
    for index in 0..<n { BaselineTaskLocal.$value.withValue(index) { blackHole(index) } }
  }

  /// What any task-local design pays at least for a read: find the bound
  /// value and call its closure.
  public static let boundTaskLocalRead = Case(name: "TaskLocal read, bound: clock!.date()") { n in
    BaselineTaskLocal.$clock.withValue(baselineClock) {
      for _ in 0..<n { blackHole(BaselineTaskLocal.clock!.date()) }
    }
  }
}
