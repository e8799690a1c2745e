internal import CurrentWorldSupport
import Foundation
import Observation

/// Hands every value that a property of an `@Observable` object takes to
/// `onValue`, in order, including values set back to back with no
/// suspension between them: for a log of a view model's states, a terminal
/// screen that prints them (as `world-demo` does), or a test (CurrentWorldTesting's
/// `StateRecorder` is built on it).
///
/// ```swift
/// let transitions = PropertyTransitions(viewModel, \.state) { print($0) }
/// await viewModel.fetch()   // prints .loading as it happens
/// transitions.flush()       // prints the last state, .loaded(…)
/// ```
///
/// Observation tells an observer *before* a new value is stored, so reading
/// the property when told gives the old value, and reading it later misses
/// values set back to back. At each change this hands over the value the
/// previous change stored; the newest one waits in ``pending`` until
/// ``flush()``. Changes are followed on the main actor only, where
/// `@MainActor` view models change: one made elsewhere is reported, and
/// nothing after it is followed.
@MainActor public final class PropertyTransitions<Model: AnyObject & Observable, Value> {
  private let model: Model
  private let keyPath: KeyPath<Model, Value>
  private let onValue: (Value) -> Void
  private var hasChanged = false

  /// `CatFactViewModel.state` where the key path tells its property's name;
  /// otherwise, as for the computed properties that `@Observable` makes,
  /// `CatFactViewModel's recorded property`.
  public let property: String

  /// Starts following `keyPath` of `model`, handing its value now to
  /// `onValue` at once. Keeps `model` alive, and follows it for as long as
  /// this object lives.
  public init(
    _ model: Model, _ keyPath: KeyPath<Model, Value>, onValue: @escaping (Value) -> Void
  ) {
    self.model = model
    self.keyPath = keyPath
    self.onValue = onValue
    property = Self.describe(keyPath)
    onValue(model[keyPath: keyPath])
    observe()
  }

  /// The newest value, while a change has stored it and it was not handed
  /// over yet.
  public var pending: Value? {
    hasChanged ? model[keyPath: keyPath] : nil
  }

  /// Hands over the ``pending`` value, if there is one.
  public func flush() {
    if hasChanged { onValue(model[keyPath: keyPath]) }
    hasChanged = false
  }

  private static func describe(_ keyPath: KeyPath<Model, Value>) -> String {
    let text = String(describing: keyPath)  // `\CatFactViewModel.state`, when known
    let name = text.split(separator: ".").last.map(String.init) ?? ""
    let isIdentifier =
      text.hasPrefix("\\") && !name.isEmpty
      && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    return isIdentifier ? "\(Model.self).\(name)" : "\(Model.self)'s recorded property"
  }

  private func observe() {
    let property = property
    withObservationTracking {
      _ = model[keyPath: keyPath]
    } onChange: { [weak self] in
      // Observation calls this from inside the setter, wherever the
      // property changes; only on the main actor may it be read.
      guard MainQueue.isCurrent else {
        IssueReporter.report(
          "\(property) changed off the main actor, so it is no longer recorded; "
            + "change it on the main actor, where its view model lives."
        )
        return
      }
      MainActor.assumeIsolated { self?.willChange() }
    }
  }

  /// Called before each new value is stored: the value now is the one the
  /// previous change stored.
  private func willChange() {
    if hasChanged { onValue(model[keyPath: keyPath]) }
    hasChanged = true
    observe()
  }
}
