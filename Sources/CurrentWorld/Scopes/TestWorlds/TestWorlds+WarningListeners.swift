#if DEBUG
  import Foundation
  internal import CurrentWorldSupport

  // A seam for tests: a listener takes the escape and write warnings that a
  // test provokes on purpose, so they are counted instead of shown. Only
  // the package's own tests use it.
  extension TestWorlds {
    /// Who may take an escape or write warning instead of the reporter,
    /// while anyone does, by the number they were given.
    fileprivate static let warningListeners = Registry<@Sendable (Warning) -> Bool>()

    /// A warning about `Current` used outside every test world, as a
    /// listener sees it (see ``addWarningListener(_:)``).
    package struct Warning: Sendable {
      /// Where `Current` was read or written, where the build can tell;
      /// `nil` for a write outside any test, which has no place.
      package let place: CodePlace?
    }

    /// Offers every escape or write warning to `listener`, until
    /// ``removeWarningListener(_:)``; one that it takes (by returning
    /// `true`) does not reach the reporter. Tests that provoke the warnings
    /// on purpose take theirs, by place, and count them rather than leak
    /// them into the run; other tests' warnings go on to the reporter.
    /// Every escaped read is offered, not only the first at its place.
    /// Returns the number that removes it.
    package static func addWarningListener(
      _ listener: @escaping @Sendable (Warning) -> Bool
    ) -> Int {
      warningListeners.add(listener)
    }

    /// Stops handing warnings to the listener that `number` names.
    package static func removeWarningListener(_ number: Int) {
      warningListeners.remove(number)
    }

    /// Whether a listener took `warning` (see ``addWarningListener(_:)``).
    static func handedToListeners(_ warning: Warning) -> Bool {
      let listeners = warningListeners.values
      // Every listener is offered it, whichever takes it.
      var taken = false
      for listener in listeners {
        if listener(warning) { taken = true }
      }
      return taken
    }
  }
#endif
