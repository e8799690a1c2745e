// swift-format-ignore-file
// (The names and the GET and POST cases are the other libraries', as they spell them.)
// The names that NIOHTTP1 (every Vapor app), Alamofire, AsyncHTTPClient and
// Moya export, declared the way they declare them. A file that imports this
// module beside CurrentWorld must compile with every name unqualified: see
// Tests/CurrentWorldTests/NameClashTests.swift.

/// A stand-in for NIOHTTP1's and Alamofire's `HTTPMethod`.
public enum HTTPMethod: String, Sendable {
  case GET, POST
}

/// A stand-in for AsyncHTTPClient's `HTTPClient`.
public final class HTTPClient: Sendable {
  /// A client.
  public init() {}
  /// What the client would send.
  public func describe(_ method: HTTPMethod) -> String { "\(method.rawValue) via HTTPClient" }
}

/// A stand-in for Moya's and Alamofire's `Endpoint`.
public struct Endpoint: Sendable {
  /// The path.
  public var path: String
  /// An endpoint at `path`.
  public init(_ path: String) { self.path = path }
}

/// A stand-in for an app's or a library's own `APIError`.
public enum APIError: Error, Sendable {
  case offline
}
