public import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPClient {
  /// A live client for an API of your own whose timeouts sleep on
  /// `Current.clock` and whose `Retry-After` dates are measured from
  /// `Current.date()`, both read at each call, so a test's world controls
  /// them with no wiring.
  ///
  /// ```swift
  /// let weather = HTTPClient.world(baseURL: URL(string: "https://weather.example")!)
  /// ```
  ///
  /// - Parameters:
  ///   - baseURL: The URL that endpoint paths are appended to.
  ///   - configuration: The requests' configuration, copied (see
  ///     `HTTPClient.live(baseURL:configuration:timeout:token:clock:now:)`).
  ///   - timeout: Seconds to wait when an endpoint sets no timeout.
  ///   - token: Gives the token for authorized endpoints.
  public static func world(
    baseURL: URL,
    configuration: URLSessionConfiguration = .default,
    timeout: TimeInterval = 30,
    token: @escaping @Sendable () async -> String? = { nil }
  ) -> HTTPClient {
    HTTPClient.live(
      baseURL: baseURL, configuration: configuration, timeout: timeout, token: token,
      clock: { Current.clock }, now: { Current.date() })
  }
}
