internal import CurrentWorldSupport
import Foundation

extension World {
  /// Where random numbers come from: the system's generator in a live
  /// world, a seeded one in a test world, so every run draws the same
  /// numbers (``RandomSource/testSeed``). Pass it to the standard library's
  /// random APIs:
  ///
  /// ```swift
  /// var random = Current.random
  /// let roll = Int.random(in: 1...6, using: &random)
  /// let deck = cards.shuffled(using: &random)
  /// ```
  ///
  /// Outside test worlds (a plain `XCTestCase`, whose tests read the
  /// process-wide world) it is the system's until a test sets one.
  ///
  /// Copies share one sequence, from any thread, so a test that sets
  /// `Current.random = .seeded(42)` decides every number the code under
  /// test draws from it.
  public var random: RandomSource {
    get { storage.fields.random }
    set { update(.random) { $0.random = newValue } }
  }
}

/// A random number generator that a world holds: the system's, or a seeded
/// one whose copies share one sequence.
public struct RandomSource: RandomNumberGenerator, Sendable {
  /// The seeded sequence's state; `nil` for the system's generator.
  private let seeded: SeededSequence?

  /// The system's generator, `SystemRandomNumberGenerator`.
  public static var system: RandomSource { RandomSource(seeded: nil) }

  /// A generator that gives the same numbers for the same seed, in every
  /// run and on every platform (SplitMix64).
  public static func seeded(_ seed: UInt64) -> RandomSource {
    RandomSource(seeded: SeededSequence(seed))
  }

  /// The seed of every test world's generator.
  public static let testSeed: UInt64 = 0

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    guard let seeded else {
      var system = SystemRandomNumberGenerator()
      return system.next()
    }
    return seeded.next()
  }
}

/// SplitMix64 (Steele, Lea and Flood), behind a lock: one step per number.
final class SeededSequence: Sendable {
  private let state: Locked<UInt64>

  init(_ seed: UInt64) {
    state = Locked(seed)
  }

  func next() -> UInt64 {
    var z = state.withLock { state in
      state &+= 0x9E37_79B9_7F4A_7C15
      return state
    }
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension FieldSet {
  static var random: FieldSet { FieldSet(rawValue: 1 << 12) }
}

extension WorldStorage.Field {
  static let random = Self(
    .random, "random", copy: { $0.random = $1.random },
    fixed: { world, _ in world.random = .seeded(RandomSource.testSeed) })
}
