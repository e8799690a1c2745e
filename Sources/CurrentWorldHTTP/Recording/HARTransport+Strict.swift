internal import CurrentWorldSupport

// A strict replay's check: the answers no request took, reported against
// the test whose world used the client, or when the client is released.

extension HARTransport {
  /// For a strict replay, has the test whose world is in effect (at the
  /// `replaying` call, or else at the first request) report the unused
  /// answers as it ends; a client never used in a test's world reports
  /// them when it is released.
  func checkAtTestEnd() {
    guard strict else { return }
    let due = state.withLock { state in
      defer { state.checkedAtTestEnd = true }
      return !state.checkedAtTestEnd
    }
    guard due else { return }
    let added = Self.checkAtTestEnd { [weak self] in self?.reportUnused() }
    if !added { state.withLock { $0.checkedAtTestEnd = false } }
  }

  /// Reports, once, the answers of a strict replay that no request took.
  func reportUnused() {
    guard strict else { return }
    let unused = state.withLock { state -> [String] in
      guard !state.checked else { return [] }
      state.checked = true
      if case .unresolved = state.phase { resolve(&state) }
      guard case .replaying = state.phase else { return [] }
      // In the file's order.
      return state.unused.values.joined().sorted().map { state.recorded[$0].key.summary }
    }
    guard !unused.isEmpty else { return }
    report(
      "\(unused.count) recorded answer(s) in \(name) were never requested: "
        + unused.joined(separator: "; ")
        + ". A strict replay fails on answers the test did not use: remove them from the file, "
        + "record it again (mode: .recordAll), or pass strict: false.")
  }
}
