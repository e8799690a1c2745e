import CurrentWorld
import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The dog breeds service, read with plain `URLSession` code, as many apps
/// write their networking: no ``CurrentWorldHTTP/HTTPClient`` and no
/// dependency of its own. It sends through `Current.urlSession`, so a test
/// replays a recording in one line:
///
/// ```swift
/// Current.urlSession = .replaying("Recordings/dog.har")
/// let breeds = try await BreedsLoader().breeds()
/// ```
public struct BreedsLoader: Sendable {
  /// The public service's address, `https://dog.ceo`.
  public static let defaultBaseURL = URL(string: "https://dog.ceo")!

  /// Where the service is.
  public var baseURL: URL

  /// A loader for the service at `baseURL`.
  public init(baseURL: URL = defaultBaseURL) {
    self.baseURL = baseURL
  }

  /// Every breed's name, sorted: `GET {baseURL}/api/breeds/list/all`.
  ///
  /// - Throws: `URLError(.badServerResponse)` for an answer that is not a
  ///   2xx, and the decoder's error for a body that is not the service's.
  public func breeds() async throws -> [String] {
    let url = baseURL.appendingPathComponent("api/breeds/list/all")
    let (data, response) = try await Current.urlSession.data(from: url)
    guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status)
    else { throw URLError(.badServerResponse) }
    return try JSONDecoder().decode(BreedList.self, from: data).message.keys.sorted()
  }

  /// The service's answer: each breed with its sub-breeds.
  private struct BreedList: Decodable {
    var message: [String: [String]]
  }
}
