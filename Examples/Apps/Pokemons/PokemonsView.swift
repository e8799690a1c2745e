// A SwiftUI screen for Apple platforms, and its preview: the preview
// overrides `Current` inline, as the seed does. Linux has no SwiftUI, so
// this file compiles on Apple platforms only.
#if canImport(SwiftUI)
  import CurrentWorld
  import SwiftUI

  /// The Pokémon list, loaded when it appears.
  public struct PokemonsView: View {
    @State private var viewModel = PokemonsViewModel()

    /// A list that loads through `Current.pokemonsAPI`.
    public init() {}

    /// The list, a spinner while it loads, or the error.
    public var body: some View {
      List(viewModel.pokemons, id: \.self) { name in
        Text(name.capitalized)
      }
      .overlay {
        if viewModel.isLoading {
          ProgressView()
        } else if let error = viewModel.error {
          Text(String(describing: error))
        }
      }
      .task { await viewModel.fetchPokemons() }
    }
  }

  // Release builds make `Current` a `let`, and Xcode compiles previews in
  // every configuration: the override lives in DEBUG only.
  #if DEBUG
    #Preview {
      Current.pokemonsAPI.fetchPokemons = { ["Charizard"] }
      return PokemonsView()
    }
  #endif
#endif
