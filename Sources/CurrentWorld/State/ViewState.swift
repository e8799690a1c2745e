import Foundation

/// The state of a screen that loads something: not started, loading, loaded,
/// or failed.
///
/// ```swift
/// @MainActor @Observable final class CatFactViewModel {
///   var state: ViewState<CatFact> = .initial
///
///   func fetch() async {
///     state = .loading
///     do { state = .loaded(try await Current.catFactAPI.fetchFact()) }
///     catch { state = .error(error) }
///   }
/// }
/// ```
///
/// `ViewState` is `Equatable` when `Info` is; two errors are equal when their
/// `NSError` domain and code are.
public enum ViewState<Info> {
  /// Nothing has been asked for yet.
  ///
  /// ```swift
  /// var state: ViewState<CatFact> = .initial
  /// ```
  case initial
  /// The information is on its way.
  ///
  /// ```swift
  /// state = .loading
  /// ```
  case loading
  /// The information arrived.
  ///
  /// ```swift
  /// state = .loaded(fact)
  /// ```
  case loaded(Info)
  /// Loading failed.
  ///
  /// ```swift
  /// state = .error(error)
  /// ```
  case error(any Error)

  /// Whether the state is ``loading``.
  ///
  /// ```swift
  /// if viewModel.state.isLoading { showSpinner() }
  /// ```
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The loaded information, or `nil` in any other state.
  ///
  /// ```swift
  /// let text = viewModel.state.info?.fact ?? ""
  /// ```
  public var info: Info? {
    if case .loaded(let info) = self { return info }
    return nil
  }

  /// The error, or `nil` in any other state.
  ///
  /// ```swift
  /// if let error = viewModel.state.error { print(error) }
  /// ```
  public var error: (any Error)? {
    if case .error(let error) = self { return error }
    return nil
  }
}

extension ViewState: Sendable where Info: Sendable {}

extension ViewState: Equatable where Info: Equatable {
  /// Whether two states are the same case with equal information; errors are
  /// equal when their `NSError` domain and code are.
  ///
  /// ```swift
  /// ViewState<Int>.loaded(1) == .loaded(1)  // true
  /// ```
  public static func == (lhs: ViewState, rhs: ViewState) -> Bool {
    switch (lhs, rhs) {
    case (.initial, .initial), (.loading, .loading):
      return true
    case (.loaded(let left), .loaded(let right)):
      return left == right
    case (.error(let left), .error(let right)):
      let left = left as NSError
      let right = right as NSError
      return left.domain == right.domain && left.code == right.code
    default:
      return false
    }
  }
}
