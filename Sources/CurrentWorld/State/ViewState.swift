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
/// `ViewState` is `Equatable` when `Info` is; two errors are equal only when
/// they are the same error (see ``==(_:_:)``).
public enum ViewState<Info> {
  /// Nothing has been asked for yet.
  case initial
  /// The information is on its way.
  case loading
  /// The information arrived.
  case loaded(Info)
  /// Loading failed.
  case error(any Error)

  /// Whether the state is ``loading``.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// The loaded information, or `nil` in any other state.
  public var info: Info? {
    if case .loaded(let info) = self { return info }
    return nil
  }

  /// The error, or `nil` in any other state.
  public var error: (any Error)? {
    if case .error(let error) = self { return error }
    return nil
  }
}

extension ViewState: Sendable where Info: Sendable {}

extension ViewState: Equatable where Info: Equatable {
  /// Whether two states are the same case with equal information.
  ///
  /// Two errors are equal only when they are the same error: the same type,
  /// and `==` when that type is `Equatable`; otherwise the same `NSError`
  /// domain, code and `userInfo` (compared by description).
  public static func == (lhs: ViewState, rhs: ViewState) -> Bool {
    switch (lhs, rhs) {
    case (.initial, .initial), (.loading, .loading):
      return true
    case (.loaded(let left), .loaded(let right)):
      return left == right
    case (.error(let left), .error(let right)):
      return sameError(left, right)
    default:
      return false
    }
  }
}

/// Whether `left` and `right` are the same error; see ``ViewState/==(_:_:)``.
func sameError(_ left: any Error, _ right: any Error) -> Bool {
  guard type(of: left) == type(of: right) else { return false }
  // A metatype cast, not a value cast: any error casts to `any Equatable` as
  // an NSError, which would compare domains and codes again.
  if let equatable = type(of: left) as? any Equatable.Type {
    return equatable.equals(left, right)
  }
  let leftError = left as NSError
  let rightError = right as NSError
  return leftError.domain == rightError.domain && leftError.code == rightError.code
    && describe(leftError.userInfo) == describe(rightError.userInfo)
}

extension Equatable {
  /// Whether both values are of this type and equal.
  fileprivate static func equals(_ left: Any, _ right: Any) -> Bool {
    guard let left = left as? Self, let right = right as? Self else { return false }
    return left == right
  }
}

/// `userInfo` as comparable text, each value by its description, since the
/// values need not be `Equatable`.
private func describe(_ userInfo: [String: Any]) -> [String: String] {
  userInfo.mapValues { String(describing: $0) }
}
