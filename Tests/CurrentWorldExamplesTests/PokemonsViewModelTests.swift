import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Testing

@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct PokemonsViewModelTests {
  struct Offline: Error {}

  /// Promise: the app's real client and decoder, answered from a recording.
  @Test func fetchDecodesARecordedAnswer() async {
    Current.pokemonsAPI = .live(
      client: .live(baseURL: PokemonsAPI.defaultBaseURL).replaying("Recordings/pokeapi.har"),
      limit: 6)
    let viewModel = PokemonsViewModel()

    await viewModel.fetchPokemons()

    #expect(viewModel.error == nil)
    #expect(
      viewModel.pokemons == [
        "bulbasaur", "ivysaur", "venusaur", "charmander", "charmeleon", "charizard",
      ])
  }

  @Test func fetchShowsThePokemons() async {
    Current.pokemonsAPI.fetchPokemons = { ["bulbasaur", "ivysaur"] }
    let viewModel = PokemonsViewModel()
    let loading = StateRecorder(viewModel, \.isLoading)

    await viewModel.fetchPokemons()

    #expect(viewModel.pokemons == ["bulbasaur", "ivysaur"])
    #expect(viewModel.error == nil)
    loading.assertValues([false, true, false])
  }

  @Test func fetchShowsTheError() async {
    Current.pokemonsAPI.fetchPokemons = { throw Offline() }
    let viewModel = PokemonsViewModel()

    await viewModel.fetchPokemons()

    #expect(viewModel.pokemons.isEmpty)
    #expect(viewModel.error is Offline)
    #expect(!viewModel.isLoading)
  }

  @Test func aSuccessfulRetryClearsTheError() async {
    Current.pokemonsAPI.fetchPokemons = { throw Offline() }
    let viewModel = PokemonsViewModel()
    await viewModel.fetchPokemons()
    Current.pokemonsAPI.fetchPokemons = { ["pikachu"] }

    await viewModel.fetchPokemons()

    #expect(viewModel.error == nil)
    #expect(viewModel.pokemons == ["pikachu"])
  }

  @Test func theViewModelIsDeallocated() async {
    Current.pokemonsAPI.fetchPokemons = { ["mew"] }
    await expectDeallocation {
      let viewModel = PokemonsViewModel()
      await viewModel.fetchPokemons()
      return viewModel
    }
  }
}
