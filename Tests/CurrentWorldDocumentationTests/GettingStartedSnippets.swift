// The code of the article "Getting started", compiled and run as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

func greeting() -> String {
  let hour = Current.calendar.component(.hour, from: Current.date())
  return hour < 12 ? "Good morning" : "Good afternoon"
}

@Suite(.world) struct GettingStartedSnippets {

  @Test func afternoonGreeting() {
    Current.date = { Date(timeIntervalSinceReferenceDate: 15 * 3600) }
    #expect(greeting() == "Good afternoon")
  }

  @Test func overridingTheWholeWorld() {
    var world = World.test
    world.locale = Locale(identifier: "es-AR")
    Current = world
    #expect(Current.locale.identifier == "es-AR")
  }
}

@Test(.world) func morningGreeting() {
  Current.date = { Date(timeIntervalSinceReferenceDate: 9 * 3600) }
  #expect(greeting() == "Good morning")
}

func rollDie() -> Int {
  var random = Current.random
  return Int.random(in: 1...6, using: &random)
}

@Test(.world) func settingsFilesAndDice() throws {
  Current.defaults.set(true, forKey: "onboarded")
  #expect(Current.defaults.bool(forKey: "onboarded"))

  let notes = Current.directories.documents.appendingPathComponent("notes.txt")
  try Data("Buy milk".utf8).write(to: notes)

  Current.environment["FEATURE_NEW_ONBOARDING"] = "1"

  Current.random = .seeded(42)
  let roll = rollDie()
  Current.random = .seeded(42)
  #expect(rollDie() == roll)
}

/// What the article promises of those four fields in a test world.
@Suite(.world) struct StoredStateSnippets {
  @Test func eachTestStartsEmptyAndAloneInTheTemporaryDirectory() throws {
    #expect(Current.defaults.object(forKey: "onboarded") == nil)
    #expect(Current.defaults !== UserDefaults.standard)
    let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
    #expect(Current.directories.documents.standardizedFileURL.path.hasPrefix(temporary))
    #expect(FileManager.default.fileExists(atPath: Current.directories.caches.path))
  }

  @Test func anEnvironmentWriteStaysInTheWorld() {
    Current.environment["FEATURE_NEW_ONBOARDING"] = "1"
    #expect(ProcessInfo.processInfo.environment["FEATURE_NEW_ONBOARDING"] == nil)
  }

  @Test func theTestSeedDrawsWhatASeededSourceDraws() {
    var random = Current.random
    var seeded = RandomSource.seeded(RandomSource.testSeed)
    #expect(random.next() == seeded.next())
  }
}
