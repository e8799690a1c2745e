import CurrentWorld
import CurrentWorldTesting
import Testing

@testable import ReadmeApp

// The README's first test file, pasted into an app module with default
// MainActor isolation (`ReadmeApp`, a link to the file itself), read and
// overridden from tests that are not on the main actor, as a test target's
// are: this compiles only if the recipe's `nonisolated` are there.

@Test(.world) func aTestOffTheMainActorOverridesTheDependency() async throws {
  Current.quoteAPI.fetchQuote = { "Off the main actor." }
  #expect(try await Current.quoteAPI.fetchQuote() == "Off the main actor.")
}

@Test(.world) func detachedWorkReadsTheDependency() async throws {
  Current.quoteAPI.fetchQuote = { "Handed over." }
  let shared = SharedWorld()
  let quote = try await Task.detached {
    try await shared.run { try await Current.quoteAPI.fetchQuote() }
  }.value
  #expect(quote == "Handed over.")
}
