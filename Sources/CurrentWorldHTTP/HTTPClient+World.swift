// The one file of this module that reads the world: CurrentWorld never
// imports this module, so importing CurrentWorld alone shows no HTTP names.
internal import CurrentWorld
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPClient {
  /// `Current.clock`: where a client's timeouts sleep unless it is given
  /// another clock. A function, not an inlined read, because this module
  /// imports CurrentWorld internally.
  ///
  /// A Swift Testing test without a world that calls a client is not
  /// failed for this read (see `TestWorlds.worldForWaiting()`): a test
  /// against a loopback server wants the continuous clock that the
  /// process-wide world has. Work that escaped a test world is still
  /// warned about, since its timeouts miss the test's clock.
  @usableFromInline
  static func worldClock() -> any Clock<Duration> {
    #if DEBUG
      TestWorlds.worldForWaiting().clock
    #else
      Current.clock
    #endif
  }

  /// `Current.date()`: what a client measures a `Retry-After` date from
  /// unless it is given another source.
  @usableFromInline
  static func worldNow() -> Date {
    Current.date()
  }

  /// A live client whose clock and date are `Current`'s: what
  /// ``live(baseURL:configuration:timeout:token:clock:now:)`` now gives by
  /// default.
  @available(*, deprecated, renamed: "live(baseURL:configuration:timeout:token:)")
  public static func world(
    baseURL: URL,
    configuration: URLSessionConfiguration = .default,
    timeout: TimeInterval = HTTPClient.defaultTimeout,
    token: @escaping @Sendable () async -> String? = { nil }
  ) -> HTTPClient {
    HTTPClient.live(baseURL: baseURL, configuration: configuration, timeout: timeout, token: token)
  }

  /// A client on `transport` whose clock and date are `Current`'s: what
  /// ``init(baseURL:timeout:token:clock:now:transport:)`` now gives by
  /// default.
  @available(*, deprecated, renamed: "init(baseURL:timeout:token:transport:)")
  public static func world(
    baseURL: URL,
    timeout: TimeInterval = HTTPClient.defaultTimeout,
    token: @escaping @Sendable () async -> String? = { nil },
    transport: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)
  ) -> HTTPClient {
    HTTPClient(baseURL: baseURL, timeout: timeout, token: token, transport: transport)
  }
}
