import CurrentWorld
import Foundation
import TestHelpers
import Testing

/// The core checked against a plain reference model on random programs:
/// reads and writes of built-in fields and an app key, nested scopes, saved
/// worlds edited and assigned back anywhere, child and detached tasks,
/// `SharedWorld` run from the task, a child task, a detached task, a GCD
/// queue and a thread, its world read on a GCD queue, and writers that run at once. A failure is shrunk to a shortest failing program and
/// reported with the seed that reproduces it:
///
///     CURRENTWORLD_MODEL_SEED=<seed> CURRENTWORLD_MODEL_PROGRAMS=1 swift test --filter ModelCheck
///
/// `CURRENTWORLD_MODEL_OPS=1000000` runs programs until that many ops ran,
/// from a seed of the clock's unless one is given.
@Suite(.timeLimit(.minutes(10))) struct ModelCheckTests {
  static let environment = ProcessInfo.processInfo.environment

  @Test func randomProgramsAgreeWithTheModel() async {
    let longRun = Self.environment["CURRENTWORLD_MODEL_OPS"].flatMap { Int($0) }
    let firstSeed =
      Self.environment["CURRENTWORLD_MODEL_SEED"].flatMap { UInt64($0) }
      ?? (longRun == nil ? 0x5EED : UInt64(Date().timeIntervalSince1970 * 1000))
    let programs = Self.environment["CURRENTWORLD_MODEL_PROGRAMS"].flatMap { Int($0) } ?? 2_000
    var ran = (programs: 0, ops: 0)
    while longRun.map({ ran.ops < $0 }) ?? (ran.programs < programs) {
      let seed = firstSeed &+ UInt64(ran.programs)
      var generator = ProgramGenerator(seed: seed)
      let program = generator.program(size: 2 + ran.programs % 10)
      ran.programs += 1
      ran.ops += Shrinker.size(program)
      guard await ModelRun.disagreement(in: program) != nil else { continue }
      // A smaller program counts as failing if any of three runs fails:
      // where writers race, one run may miss the interleaving.
      let (shortest, failure) = await Shrinker.shrink(program) { candidate in
        for _ in 0..<3 {
          if let found = await ModelRun.disagreement(in: candidate) { return found }
        }
        return nil
      }
      Issue.record(
        """
        Program \(seed) disagrees with the reference model: \(failure ?? "(flaky: passed when shrunk)")
        Shortest failing program (\(Shrinker.size(shortest)) ops; the seed's has \(Shrinker.size(program))):
        \(shortest.flatMap { $0.lines("  ") }.joined(separator: "\n"))
        Reproduce: CURRENTWORLD_MODEL_SEED=\(seed) CURRENTWORLD_MODEL_PROGRAMS=1 swift test --filter ModelCheck
        """)
      return
    }
    print(
      "model check: \(ran.programs) programs, \(ran.ops) ops from seed \(firstSeed), 0 disagreements"
    )
  }

  /// The model knows the calendar rule, and the shape of #68 agrees with
  /// it: a world read before the calendar was chosen, given a locale whose
  /// own calendar is not Gregorian and assigned back, keeps the chosen one.
  @Test func aMergedLocaleKeepsAChosenCalendarAsTheModelDoes() async {
    let program: [Op] = [
      .save(0), .write(.calendar, 1), .edit(0, .locale, 1), .assign(0), .read(.calendar),
      .read(.locale),
    ]
    #expect(await ModelRun.disagreement(in: program) == nil)
  }

  /// The same seed makes the same program, so a reported seed reproduces it.
  @Test func aSeedMakesTheSameProgram() {
    var first = ProgramGenerator(seed: 42)
    var second = ProgramGenerator(seed: 42)
    let a = first.program(size: 8).flatMap { $0.lines() }
    #expect(a == second.program(size: 8).flatMap { $0.lines() })
    var other = ProgramGenerator(seed: 43)
    #expect(a != other.program(size: 8).flatMap { $0.lines() })
  }

  /// The shrinker finds a shortest failing program: here a failure needs a
  /// save and an assign, in that order, at any depth.
  @Test func theShrinkerKeepsOnlyWhatTheFailureNeeds() async {
    func flat(_ ops: [Op]) -> [Op] { ops.flatMap { [$0] + flat($0.body ?? []) } }
    let failing: ([Op]) async -> String? = { program in
      let ops = flat(program)
      guard let save = ops.firstIndex(where: { if case .save = $0 { true } else { false } }),
        ops[save...].contains(where: { if case .assign = $0 { true } else { false } })
      else { return nil }
      return "saved, then assigned"
    }
    let program: [Op] = [
      .read(.locale),
      .scope(
        [.init(field: .locale, value: 1)],
        [.write(.timeZone, 2), .child([.save(0), .read(.retryCount)]), .edit(0, .locale, 3)]),
      .writers([.init(field: .locale, value: 1), .init(field: .timeZone, value: 2)]),
      .shared(.gcd, [.read(.timeZone), .assign(0)]),
    ]
    let (shortest, failure) = await Shrinker.shrink(program, failing: failing)
    #expect(failure == "saved, then assigned")
    #expect(shortest.flatMap { $0.lines() } == ["saved0 = Current", "Current = saved0"])
  }
}
