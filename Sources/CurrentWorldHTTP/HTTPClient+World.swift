// The one file of this module that reads the world: CurrentWorld never
// imports this module, so importing CurrentWorld alone shows no HTTP names.
internal import CurrentWorld
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
    timeout: TimeInterval = HTTPClient.defaultTimeout,
    token: @escaping @Sendable () async -> String? = { nil }
  ) -> HTTPClient {
    HTTPClient.live(
      baseURL: baseURL, configuration: configuration, timeout: timeout, token: token,
      clock: { Current.clock }, now: { Current.date() })
  }

  /// A client on `transport` whose timeouts sleep on `Current.clock` and
  /// whose `Retry-After` dates are measured from `Current.date()`: a test's
  /// stub of the network, whose timeouts the test's clock decides.
  ///
  /// ```swift
  /// let client = HTTPClient.world(baseURL: URL(string: "https://weather.example")!) { request in
  ///   (Data(#"{"summary": "Sunny"}"#.utf8),
  ///    HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - baseURL: The URL that endpoint paths are appended to.
  ///   - timeout: Seconds to wait when an endpoint sets no timeout.
  ///   - token: Gives the token for authorized endpoints.
  ///   - transport: Sends a request; on Linux, `HTTPURLResponse` needs
  ///     `import FoundationNetworking`.
  public static func world(
    baseURL: URL,
    timeout: TimeInterval = HTTPClient.defaultTimeout,
    token: @escaping @Sendable () async -> String? = { nil },
    transport: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)
  ) -> HTTPClient {
    HTTPClient(
      baseURL: baseURL, timeout: timeout, token: token, clock: { Current.clock },
      now: { Current.date() }, transport: transport)
  }
}
