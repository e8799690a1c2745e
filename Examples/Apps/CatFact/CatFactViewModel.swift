import CurrentWorld
import Observation

/// The cat fact screen, as a `ViewState<CatFact>`.
///
/// `CatFactViewModel()` reads `Current.catFactAPI` when it fetches. The
/// seeds' "Dependencies struct" style, injecting per instance, works beside
/// it: `CatFactViewModel(fetchFact: Current.catFactAPI.fetchFact)` takes the
/// world's API at creation, or any closure a preview or test passes.
///
/// ```swift
/// let viewModel = CatFactViewModel()
/// await viewModel.fetch()
/// if case .loaded(let fact) = viewModel.state { print(fact.fact) }
///
/// let injected = CatFactViewModel(fetchFact: { CatFact(fact: "Cats purr.", length: 10) })
/// ```
@MainActor @Observable public final class CatFactViewModel {
  /// Where the screen is: initial, loading, loaded or failed.
  ///
  /// ```swift
  /// if viewModel.state.isLoading { print("…") }
  /// ```
  public private(set) var state: ViewState<CatFact> = .initial

  @ObservationIgnored private let fetchFact: (@Sendable () async throws -> CatFact)?

  /// A screen that fetches through `Current.catFactAPI`.
  ///
  /// ```swift
  /// let viewModel = CatFactViewModel()
  /// ```
  public init() {
    fetchFact = nil
  }

  /// A screen that fetches through `fetchFact`, whatever `Current` says
  /// later.
  ///
  /// ```swift
  /// let viewModel = CatFactViewModel(fetchFact: Current.catFactAPI.fetchFact)
  /// ```
  public init(fetchFact: @escaping @Sendable () async throws -> CatFact) {
    self.fetchFact = fetchFact
  }

  /// Loads a fact: `loading`, then `loaded` or `error`.
  ///
  /// ```swift
  /// await viewModel.fetch()
  /// ```
  public func fetch() async {
    state = .loading
    do {
      state = .loaded(try await (fetchFact ?? Current.catFactAPI.fetchFact)())
    } catch {
      state = .error(error)
    }
  }
}
