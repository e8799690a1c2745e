// The README's short tour, compiled and run.
import CurrentWorld
import CurrentWorldExamples
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct ReadmeSnippets {
  @Test func overwritingFields() {
    Current.date = { .distantFuture }
    Current.locale = Locale(identifier: "es-AR")
    Current = World.live
    #expect(Current.context == .test)  // World.live, in a test process
  }

  @Test func scopes() async {
    // A screen whose fact is the locale it was fetched in.
    let fetch: @Sendable () async throws -> CatFact = {
      CatFact(fact: Current.locale.identifier, length: 5)
    }
    let screen = CatFactViewModel(fetchFact: fetch)
    await withWorld {
      $0.date = { .distantPast }
    } operation: {
      Current.locale = Locale(identifier: "ja_JP")  // only this scope sees it
      await screen.fetch()
    }
    #expect(screen.state == .loaded(CatFact(fact: "ja_JP", length: 5)))
    #expect(Current.locale.identifier == "en_US_POSIX")
  }

  @Test func sharedWorld() async {
    let tracked = Locked<[String]>([])
    Current.analytics.track = { event in tracked.withLock { $0.append(event) } }
    let world = SharedWorld()
    DispatchQueue.global().async {
      world.run { Current.analytics.track("synced") }  // the world where `world` was made
    }
    // Waits for the GCD block with a bound, polling: 10 s at most.
    for _ in 0..<1_000 where tracked.withLock({ $0.isEmpty }) {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(tracked.withLock { $0 } == ["synced"])
  }

  @Test func time() async {
    let countdown = CountdownViewModel()
    let clock = TestClock()
    Current.clock = clock
    let launch = Task { await countdown.start(from: 3) }
    await clock.waitForSleepers()  // the countdown is asleep
    await clock.advance(by: .seconds(1))  // one tick: wakes the countdown, no real waiting
    await clock.run()
    #expect(await settled(launch) != nil)
  }

  @Test func settingsAndFiles() throws {
    Current.defaults.set(true, forKey: "onboarded")
    let notes = Current.directories.documents.appendingPathComponent("notes.txt")
    try Data("Buy milk".utf8).write(to: notes)
    #expect(Current.defaults.bool(forKey: "onboarded"))
    #expect(UserDefaults.standard.object(forKey: "onboarded") == nil)
    #expect(try Data(contentsOf: notes) == Data("Buy milk".utf8))
  }

  @Test func backendAPIs() async throws {
    // In a test:
    Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }

    let fact = try await Current.catFactAPI.fetchFact()  // app code, unchanged
    #expect(fact.length == 10)
  }
}
