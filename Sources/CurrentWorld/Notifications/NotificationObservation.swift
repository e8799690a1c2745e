import Foundation

/// An observation made with ``NotificationHub/observe(_:handler:)``; it ends
/// when cancelled or released.
///
/// ```swift
/// let observation = Current.notifications.observe(.init("didLogIn")) { _ in }
/// observation.cancel()
/// ```
public final class NotificationObservation: Sendable {
  private let center: NotificationCenter
  private let token: Locked<(any NSObjectProtocol)?>

  init(center: NotificationCenter, token: any NSObjectProtocol) {
    self.center = center
    self.token = Locked(token)
  }

  /// Stops the observation; calling it again does nothing.
  ///
  /// ```swift
  /// observation.cancel()
  /// ```
  public func cancel() {
    if let token = token.withLock({ $0.take() }) {
      center.removeObserver(token)
    }
  }

  deinit { cancel() }
}
