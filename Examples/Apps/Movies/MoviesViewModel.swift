import CurrentWorld
import Observation

/// The movies screen: the local database first, the network when it is
/// empty, and an analytics event either way.
///
/// ```swift
/// let viewModel = MoviesViewModel()
/// await viewModel.onAppear()
/// print(viewModel.state.info ?? [])
/// ```
@MainActor @Observable public final class MoviesViewModel {
  /// Where the screen is.
  ///
  /// ```swift
  /// if case .loaded(let movies) = viewModel.state { print(movies.count) }
  /// ```
  public private(set) var state: ViewState<[Movie]> = .initial

  /// A screen with nothing loaded yet.
  ///
  /// ```swift
  /// let viewModel = MoviesViewModel()
  /// ```
  public init() {}

  /// Loads the movies: from `Current.moviesDatabase` when it has some,
  /// otherwise from `Current.moviesAPI`, saving them to the database. Tracks
  /// `fetched_movies` or `fetched_movies_failed`; a failed save still shows
  /// the movies and tracks `saving_movies_failed`.
  ///
  /// ```swift
  /// await viewModel.onAppear()
  /// ```
  public func onAppear() async {
    state = .loading
    do {
      let stored = try await Current.moviesDatabase.fetchMovies()
      if !stored.isEmpty {
        state = .loaded(stored)
      } else {
        let fetched = try await Current.moviesAPI.fetchMovies()
        do {
          try await Current.moviesDatabase.saveMovies(fetched)
        } catch {
          Current.analytics.track("saving_movies_failed")
        }
        state = .loaded(fetched)
      }
      Current.analytics.track("fetched_movies")
    } catch {
      state = .error(error)
      Current.analytics.track("fetched_movies_failed")
    }
  }
}
