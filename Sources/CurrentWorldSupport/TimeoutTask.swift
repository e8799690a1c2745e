/// Marks the task that sleeps out an HTTP client's timeout.
///
/// Set by CurrentWorldHTTP around that sleep, read by CurrentWorldTesting's
/// `UnimplementedClock`: a clock that fails a test on any sleep lets this
/// one sleep until it is cancelled, since a timeout the test never needed is
/// not the test's mistake. It lives here so that neither module carries a
/// member that exists only for the other.
package enum TimeoutTask {
  /// `true` in the task that sleeps out a timeout.
  @TaskLocal package static var isCurrent = false
}
