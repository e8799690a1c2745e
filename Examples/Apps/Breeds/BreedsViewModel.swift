import CurrentWorld
import Observation

/// The dog breeds screen, as a `ViewState<[String]>`, loaded by plain
/// `URLSession` code (``BreedsLoader``) through `Current.urlSession`.
///
/// ```swift
/// let viewModel = BreedsViewModel()
/// await viewModel.load()
/// if case .loaded(let breeds) = viewModel.state { print(breeds) }
/// ```
@MainActor @Observable public final class BreedsViewModel {
  /// Where the screen is: initial, loading, loaded or failed.
  public private(set) var state: ViewState<[String]> = .initial

  @ObservationIgnored private let loader: BreedsLoader

  /// A screen that loads from `loader`'s service.
  public init(loader: BreedsLoader = BreedsLoader()) {
    self.loader = loader
  }

  /// Loads the breeds: `loading`, then `loaded` or `error`.
  public func load() async {
    state = .loading
    do {
      state = .loaded(try await loader.breeds())
    } catch {
      state = .error(error)
    }
  }
}
