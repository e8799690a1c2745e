import CurrentWorld
import CurrentWorldTesting
import Observation
import Testing

struct QuoteAPI: Sendable {
  var fetchQuote: @Sendable () async throws -> String
}

enum QuoteAPIKey: WorldKey {
  static let liveValue = QuoteAPI(fetchQuote: { "Well begun is half done." })
  static let testValue = QuoteAPI(fetchQuote: unimplemented("Current.quoteAPI.fetchQuote"))
}

extension World {
  var quoteAPI: QuoteAPI {
    get { self[QuoteAPIKey.self] }
    set { self[QuoteAPIKey.self] = newValue }
  }
}

@MainActor @Observable final class QuoteScreen {
  var state: ViewState<String> = .initial

  func fetch() async {
    state = .loading
    do {
      state = .loaded(try await Current.quoteAPI.fetchQuote())
    } catch {
      state = .error(error)
    }
  }
}

@Suite(.world) @MainActor struct QuoteScreenTests {
  @Test func fetchShowsLoadingThenTheQuote() async {
    Current.quoteAPI.fetchQuote = { "Stay curious." }
    let screen = QuoteScreen()
    let states = StateRecorder(screen, \.state)
    await screen.fetch()
    states.assertValues([.initial, .loading, .loaded("Stay curious.")])
  }
}
