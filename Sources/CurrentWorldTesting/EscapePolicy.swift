#if DEBUG
  /// What a test does when work that it started escapes its world and reads
  /// or writes the process-wide `Current` instead (a delegate, a Combine
  /// sink, an observer, a queue that was handed no `SharedWorld`).
  ///
  /// ```swift
  /// @Suite(.world(escapes: .fail)) struct CheckoutTests { … }
  /// ```
  public enum EscapePolicy: Sendable, Hashable {
    /// A warning, once per place in the code: the default.
    case warn
    /// A failure of the test, once per place, with the same place and fix.
    /// It fails on every escape while the test runs, so when tests run in
    /// parallel the work may be another test's: run such suites
    /// `.serialized` to know whose it was.
    case fail
  }
#endif
