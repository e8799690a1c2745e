import CurrentWorld
import Observation

/// The Pokémon list screen: reads `Current.pokemonsAPI`, with nothing
/// injected.
///
/// ```swift
/// let viewModel = PokemonsViewModel()
/// await viewModel.fetchPokemons()
/// print(viewModel.pokemons)
/// ```
@MainActor @Observable public final class PokemonsViewModel {
  /// The names fetched so far.
  ///
  /// ```swift
  /// for name in viewModel.pokemons { print(name) }
  /// ```
  public private(set) var pokemons: [String] = []
  /// Why the last fetch failed, or `nil`.
  ///
  /// ```swift
  /// if let error = viewModel.error { print(error) }
  /// ```
  public private(set) var error: (any Error)?
  /// Whether a fetch is under way.
  ///
  /// ```swift
  /// if viewModel.isLoading { print("…") }
  /// ```
  public private(set) var isLoading = false

  /// A screen with nothing fetched yet.
  ///
  /// ```swift
  /// let viewModel = PokemonsViewModel()
  /// ```
  public init() {}

  /// Fetches the names through `Current.pokemonsAPI`.
  ///
  /// ```swift
  /// await viewModel.fetchPokemons()
  /// ```
  public func fetchPokemons() async {
    isLoading = true
    defer { isLoading = false }
    do {
      pokemons = try await Current.pokemonsAPI.fetchPokemons()
      error = nil
    } catch {
      self.error = error
    }
  }
}
