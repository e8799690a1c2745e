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
