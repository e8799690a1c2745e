internal import CurrentWorldSupport
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
  private let token: Locked<ObserverToken?>

  init(center: NotificationCenter, token: any NSObjectProtocol) {
    self.center = center
    self.token = Locked(ObserverToken(value: token))
  }

  /// Stops the observation; calling it again does nothing.
  public func cancel() {
    if let token = token.withLock({ $0.take() }) {
      center.removeObserver(token.value)
    }
  }

  deinit { cancel() }
}

/// The token `NotificationCenter.addObserver(forName:object:queue:using:)`
/// returns. It is only ever passed back to `removeObserver(_:)`, which any
/// thread may call, so sending it across threads is safe.
// `@unchecked Sendable`: only ever handed back to `removeObserver(_:)`.
private struct ObserverToken: @unchecked Sendable {
  let value: any NSObjectProtocol
}
