import CurrentWorld
import CurrentWorldExamples
import Foundation
import TestHelpers
import Testing

/// A write of one field is atomic per world: tasks that write different
/// fields of one world at the same instant all keep their writes. `.ci/run`
/// runs this under ThreadSanitizer too.
@Suite(.timeLimit(.minutes(10))) struct AtomicWriteTests {
  static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
  static let spanish = Locale(identifier: "es-AR")

  @Test func concurrentWritesToDifferentFieldsOfOneScopeAllSurvive() async {
    // Five tasks each write their own field 300 times, counting up; at the
    // end every field must hold its writer's last value. A write that reads
    // the world, changes the copy and stores it back whole loses one
    // writer's value to another's stale copy.
    let steps = 300
    let zones = ["Asia/Tokyo", "Europe/Paris", "America/Argentina/Buenos_Aires"]
      .map { TimeZone(identifier: $0)! }
    let locales = ["es_AR", "fr_FR", "ja_JP"].map(Locale.init(identifier:))
    var lost: [String] = []
    for round in 0..<20 {
      let seen = await withWorld(fixedWorld()) {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { for step in 1...steps { Current.locale = locales[step % 3] } }
          group.addTask { for step in 1...steps { Current.timeZone = zones[step % 3] } }
          group.addTask {
            for step in 1...steps {
              let date = Date(timeIntervalSince1970: Double(step))
              Current.date = { date }
            }
          }
          group.addTask { for step in 1...steps { Current.retryCount = step } }
          group.addTask {
            for step in 1...steps { Current.greeter = Greeter(greet: { _ in "\(step)" }) }
          }
        }
        return (
          Current.locale, Current.timeZone, Current.date(), Current.retryCount,
          Current.greeter.greet("")
        )
      }
      if seen.0 != locales[steps % 3] { lost.append("locale in round \(round)") }
      if seen.1 != zones[steps % 3] { lost.append("timeZone in round \(round)") }
      if seen.2 != Date(timeIntervalSince1970: Double(steps)) {
        lost.append("date in round \(round)")
      }
      if seen.3 != steps { lost.append("retryCount in round \(round)") }
      if seen.4 != "\(steps)" { lost.append("greeter in round \(round)") }
    }
    #expect(lost.isEmpty, "\(lost.count) writes lost, such as \(lost.prefix(5))")
  }

  @Test func threeChildTasksWritingOnceEachAllSurvive() async {
    var lost = 0
    for _ in 0..<1_000 {
      let seen = await withWorld(fixedWorld()) {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { Current.locale = Self.spanish }
          group.addTask { Current.timeZone = Self.tokyo }
          group.addTask { Current.date = { .distantFuture } }
        }
        return (Current.locale, Current.timeZone, Current.date())
      }
      if seen != (Self.spanish, Self.tokyo, .distantFuture) { lost += 1 }
    }
    #expect(lost == 0)
  }

  @Test func concurrentNestedWritesToDifferentFieldsSurvive() async {
    var lost = 0
    for _ in 0..<300 {
      let fact = CatFact(fact: "Cats purr.", length: 10)
      let (gotFact, gotNames) = await withWorld(fixedWorld()) {
        await withTaskGroup(of: Void.self) { group in
          group.addTask { Current.catFactAPI.fetchFact = { fact } }
          group.addTask { Current.pokemonsAPI.fetchPokemons = { ["mew"] } }
        }
        return (
          try? await Current.catFactAPI.fetchFact(), try? await Current.pokemonsAPI.fetchPokemons()
        )
      }
      if gotFact != fact || gotNames != ["mew"] { lost += 1 }
    }
    #expect(lost == 0)
  }

  @Test func aReadDuringWritesSeesAWholeWorld() async {
    // Each writer sets the date and the greeting to agree; a reader must see
    // them agree too, never one writer's date with another's greeting.
    let torn = await withWorld(fixedWorld()) {
      await withTaskGroup(of: Int.self) { group in
        for writer in 0..<8 {
          group.addTask {
            for step in 0..<200 {
              let stamp = Double(writer * 1_000 + step)
              var world = Current
              world.date = { Date(timeIntervalSince1970: stamp) }
              world.greeter.greet = { _ in "\(stamp)" }
              Current = world
            }
            return 0
          }
        }
        group.addTask {
          var torn = 0
          for _ in 0..<2_000 {
            let world = Current
            if "\(world.date().timeIntervalSince1970)" != world.greeter.greet(""),
              world.greeter.greet("") != "test greeting for "
            {
              torn += 1
            }
          }
          return torn
        }
        return await group.reduce(0, +)
      }
    }
    #expect(torn == 0)
  }

  @Test func aWorldFromElsewhereReplacesTheScopesWorldWhole() {
    withWorld(fixedWorld()) {
      Current.retryCount = 7
      var other = fixedWorld(date: .distantPast)
      other.locale = Self.spanish
      Current = other
      #expect(Current.retryCount == 0)
      #expect(Current.locale == Self.spanish)
      #expect(Current.date() == .distantPast)
    }
  }

  @Test func aWorldReadEarlierAndChangedKeepsWritesMadeSince() {
    withWorld(fixedWorld()) {
      var early = Current
      Current.retryCount = 7
      early.locale = Self.spanish
      Current = early
      #expect(Current.retryCount == 7)
      #expect(Current.locale == Self.spanish)
    }
  }
}
