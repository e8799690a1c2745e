// The README's Testing block, compiled and run; `.ci/check-snippets.py`
// checks that every Swift block of the README is found in a compiled file.
import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Testing

@Suite(.world) @MainActor struct CatFactTests {
  @Test func fetchShowsLoadingThenTheFact() async {
    let fact = CatFact(fact: "Cats purr.", length: 10)
    Current.catFactAPI.fetchFact = { fact }
    let viewModel = CatFactViewModel()
    let states = StateRecorder(viewModel, \.state)
    await viewModel.fetch()
    states.assertValues([.initial, .loading, .loaded(fact)])
  }
}
