package import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension HTTPClient {
  /// A live client whose timeouts sleep on `Current.clock` and whose
  /// `Retry-After` dates are measured from `Current.date()`, both read at
  /// each call, so a test's world controls them.
  package static func world(baseURL: URL, session: URLSession = .shared) -> HTTPClient {
    HTTPClient.live(
      baseURL: baseURL, session: session, clock: { Current.clock }, now: { Current.date() })
  }
}
