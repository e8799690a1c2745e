import CurrentWorld
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// What the stress test writes into the process-wide world: a key of its
/// own, which no other test reads, so that tests running beside it never
/// see its writes. (It wrote `retryCount`, which `ProcessWideWorldTests`
/// reads there, and under load that test read 998 instead of 0.)
private enum StressCounterKey: WorldKey {
  static let liveValue = 0
  static let testValue = 0
}

extension World {
  fileprivate var stressCounter: Int {
    get { self[StressCounterKey.self] }
    set { self[StressCounterKey.self] = newValue }
  }
}

/// Many tasks reading and writing `Current` at once. `.ci/run` runs this suite
/// under ThreadSanitizer, which fails it on any data race.
@Suite(.timeLimit(.minutes(10))) struct ConcurrencyTests {
  static func randomPause(_ generator: inout SplitMix) async {
    if Bool.random(using: &generator) {
      await Task.yield()
    } else {
      try? await Task.sleep(for: .microseconds(Int.random(in: 1...200, using: &generator)))
    }
  }

  @Test(.world) func thousandTasksReadAndWriteWithoutRaces() async {
    let taskCount = 1_000
    // The process-wide writes below are diagnosed as escapes from this
    // test's world; counted here, not shown.
    var seen = 0
    let warnings = await TestWorlds.countingWarnings {
      seen = await Self.readAndWrite(taskCount)
    }
    // Each detached task reads and writes for its write, then reads: all
    // of them diagnosed, at their places in this file.
    #expect(warnings == taskCount / 2 * 3)
    #expect(seen == taskCount)
  }

  static func readAndWrite(_ taskCount: Int) async -> Int {
    await withTaskGroup(of: Int.self) { group in
      for index in 0..<taskCount {
        group.addTask {
          if index.isMultiple(of: 2) {
            // Process-wide: other tasks write here too, so only the absence of
            // races and crashes is asserted, plus that a read is a whole world.
            // Detached, as app code that writes the process-wide world runs:
            // a test's own task writing it would be reported as a leak.
            return await Task.detached {
              Current.stressCounter = index
              let read = Current.stressCounter
              return read >= 0 && read < taskCount ? 1 : 0
            }.value
          }
          return await withWorld {
            $0.retryCount = index
          } operation: {
            Current.date = { Date(timeIntervalSince1970: Double(index)) }
            await Task.yield()
            let ok =
              Current.retryCount == index
              && Current.date() == Date(timeIntervalSince1970: Double(index))
            return ok ? 1 : 0
          }
        }
      }
      return await group.reduce(0, +)
    }
  }

  @Test func fiveHundredScopesEachSeeOnlyTheirOwnValues() async {
    let locales = ["es-AR", "en-GB", "en-US", "ja-JP", "ar-EG", "fr-FR", "de-DE"]
    let failures = await withTaskGroup(of: [String].self) { group in
      for index in 0..<500 {
        group.addTask {
          var generator = SplitMix(state: UInt64(index))
          let date = Date(timeIntervalSince1970: Double(index) * 86_400)
          let locale = Locale(identifier: locales[index % locales.count])
          return await withWorld(fixedWorld()) {
            Current.date = { date }
            Current.locale = locale
            Current.greeter.greet = { "scope \(index) greets \($0)" }
            Current.retryCount = index
            await Self.randomPause(&generator)
            return await Self.observations(expecting: index, date: date, locale: locale, &generator)
          }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
  }

  /// Reads the scope's values from the scope itself, a child task, a task
  /// group and an unstructured task, each after a random pause, and names
  /// every read that saw another scope's values.
  static func observations(
    expecting index: Int, date: Date, locale: Locale, _ generator: inout SplitMix
  ) async -> [String] {
    @Sendable func check(_ place: String) -> [String] {
      var wrong: [String] = []
      if Current.date() != date { wrong.append("\(place) date in scope \(index)") }
      if Current.locale != locale { wrong.append("\(place) locale in scope \(index)") }
      if Current.retryCount != index { wrong.append("\(place) retryCount in scope \(index)") }
      if Current.greeter.greet("x") != "scope \(index) greets x" {
        wrong.append("\(place) greeter in scope \(index)")
      }
      return wrong
    }
    let seed = generator.next()
    async let child: [String] = {
      var generator = SplitMix(state: seed)
      await randomPause(&generator)
      return check("async let")
    }()
    let grouped = await withTaskGroup(of: [String].self) { group in
      for member in 0..<3 {
        group.addTask {
          var generator = SplitMix(state: seed &+ UInt64(member))
          await randomPause(&generator)
          return check("task group")
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    let unstructured = await Task {
      var generator = SplitMix(state: seed &+ 99)
      await randomPause(&generator)
      return check("Task {}")
    }.value
    await randomPause(&generator)
    return check("scope") + (await child) + grouped + unstructured
  }

  @Test func syncScopesOnManyThreadsStayApart() async {
    let failures = await withTaskGroup(of: Int.self) { group in
      for index in 0..<200 {
        group.addTask {
          withWorld(fixedWorld()) {
            Current.retryCount = index
            var wrong = 0
            for _ in 0..<100 where Current.retryCount != index { wrong += 1 }
            return wrong
          }
        }
      }
      return await group.reduce(0, +)
    }
    #expect(failures == 0)
  }
}
