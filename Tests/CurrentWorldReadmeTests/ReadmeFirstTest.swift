import CurrentWorld
import CurrentWorldTesting
import Observation
import Testing

nonisolated struct QuoteAPI: Sendable {
  var fetchQuote: @Sendable () async throws -> String
}

nonisolated enum AppDependencies {
  static let quoteAPI = WorldDependency(
    live: QuoteAPI(fetchQuote: { "Well begun is half done." }),
    test: QuoteAPI(fetchQuote: unimplemented("Current.quoteAPI.fetchQuote")))
}

nonisolated extension World {
  subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

@MainActor @Observable final class QuoteScreen {
  var quote = ""

  func fetch() async {
    do {
      quote = try await Current.quoteAPI.fetchQuote()
    } catch {
      quote = "No quote today."
    }
  }
}

@Test(.world) @MainActor func fetchShowsTheQuote() async {
  Current.quoteAPI.fetchQuote = { "Stay curious." }
  let screen = QuoteScreen()
  await screen.fetch()
  #expect(screen.quote == "Stay curious.")
}
