import Foundation
import Observation

/// Prints every value a property of a view model takes, as it takes it,
/// including values set back to back with no suspension between them.
///
/// Observation reports a change before the new value is stored, so at each
/// report this prints the value the previous change stored, and ``finish()``
/// prints the last one.
@MainActor final class Transitions<Model: AnyObject & Observable, Value> {
  private let model: Model
  private let keyPath: KeyPath<Model, Value>
  private let show: (Value) -> Void
  private var hasChanged = false

  init(_ model: Model, _ keyPath: KeyPath<Model, Value>, show: @escaping (Value) -> Void) {
    self.model = model
    self.keyPath = keyPath
    self.show = show
    show(model[keyPath: keyPath])
    observe()
  }

  func finish() {
    if hasChanged { show(model[keyPath: keyPath]) }
    hasChanged = false
  }

  private func observe() {
    withObservationTracking {
      _ = model[keyPath: keyPath]
    } onChange: { [weak self] in
      // The demo's view models are @MainActor and change on the main actor.
      MainActor.assumeIsolated { self?.willChange() }
    }
  }

  private func willChange() {
    if hasChanged { show(model[keyPath: keyPath]) }
    hasChanged = true
    observe()
  }
}
