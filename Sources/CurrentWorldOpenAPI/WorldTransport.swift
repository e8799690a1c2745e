#if OpenAPI
  internal import CurrentWorldHTTP
  public import Foundation
  public import HTTPTypes
  import HTTPTypesFoundation
  public import OpenAPIRuntime

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// A Swift OpenAPI `ClientTransport` that reads the world at each send,
  /// so that a generated client kept in a `static let` answers each test
  /// from that test's recording:
  ///
  /// ```swift
  /// static let client = Client(
  ///   serverURL: try! Servers.Server1.url(),
  ///   transport: WorldTransport(live: URLSessionTransport()))
  /// ```
  ///
  /// A test arranges it with the line that arranges `URLSession` code,
  /// and the same file replays through either:
  ///
  /// ```swift
  /// Current.urlSession = .replaying("Recordings/facts.har")
  /// ```
  ///
  /// Where `Current.urlSession` is a session that `replaying` made, a
  /// request is answered from its recording (matched, ordered, recorded and
  /// redacted as an `HTTPClient`'s are), and recording sends through
  /// `live`. In a test world that arranged nothing, a request fails the
  /// test, naming that line, and nothing is sent. Anywhere else (a live
  /// world, a session of the app's) it goes to `live` untouched.
  ///
  /// A replayed or recorded request's body is read whole first, up to
  /// ``bodyLimit`` bytes, and so is its answer.
  public struct WorldTransport: ClientTransport {
    /// The most bytes of a request's or an answer's body that a replay or a
    /// recording reads; a longer one fails with `URLError(.dataLengthExceedsMaximum)`.
    public static let bodyLimit = 64 * 1024 * 1024

    private let live: any ClientTransport

    /// A transport that sends through `live` (`URLSessionTransport`,
    /// `AsyncHTTPClientTransport`, any) except where the world in effect
    /// replays a recording or is a test's that arranged none.
    public init(live: any ClientTransport) {
      self.live = live
    }

    /// Sends `request` where the world in effect says: see ``WorldTransport``.
    /// `operationID` names the request in a failure's message.
    public func send(
      _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
      guard let route = WorldRoute.inEffect(client: "the OpenAPI operation \(operationID)")
      else {
        return try await live.send(request, body: body, baseURL: baseURL, operationID: operationID)
      }
      let url = try Self.url(of: request, baseURL: baseURL)
      var bytes: Data?
      if let body { bytes = try await Self.collect(body) }
      let (data, response) = try await route.send(Self.urlRequest(request, url: url, body: bytes)) {
        [live] sent in
        // What the recording sends: the request as the transport was given
        // it, or a redirect's next hop.
        let (next, server) = Self.httpRequest(sent, like: request, baseURL: baseURL)
        let (response, body) = try await live.send(
          next, body: sent.httpBody.map { HTTPBody($0) }, baseURL: server,
          operationID: operationID)
        var data = Data()
        if let body { data = try await Self.collect(body) }
        guard let answer = HTTPURLResponse(httpResponse: response, url: sent.url ?? url) else {
          throw URLError(.badServerResponse)
        }
        return (data, answer)
      }
      guard let answer = response.httpResponse else { throw URLError(.badServerResponse) }
      return (answer, HTTPBody(data))
    }

    /// The whole of `body`, or a clear error past ``bodyLimit``; an error
    /// of the body's own stream is thrown as it is.
    private static func collect(_ body: HTTPBody) async throws -> Data {
      var data = Data()
      for try await chunk in body {
        guard data.count + chunk.count <= bodyLimit else {
          throw URLError(
            .dataLengthExceedsMaximum,
            userInfo: [
              NSLocalizedDescriptionKey:
                "CurrentWorld reads a replayed or recorded body whole, and this one is longer "
                + "than WorldTransport.bodyLimit (\(bodyLimit) bytes)."
            ])
        }
        data.append(contentsOf: chunk)
      }
      return data
    }

    /// The request's URL: the server's, with the request's path and query
    /// after its own path, as the URLSession transport makes it.
    private static func url(of request: HTTPRequest, baseURL: URL) throws -> URL {
      guard var url = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
        let path = URLComponents(string: request.path ?? "")
      else { throw URLError(.badURL) }
      url.percentEncodedPath =
        String(url.percentEncodedPath.trimmingSuffix("/")) + path.percentEncodedPath
      url.percentEncodedQuery = path.percentEncodedQuery
      guard let made = url.url else { throw URLError(.badURL) }
      return made
    }

    private static func urlRequest(_ request: HTTPRequest, url: URL, body: Data?) -> URLRequest {
      var made = URLRequest(url: url)
      made.httpMethod = request.method.rawValue
      for field in request.headerFields {
        made.addValue(field.value, forHTTPHeaderField: field.name.rawName)
      }
      made.httpBody = body
      return made
    }

    /// `sent` as the live transport takes it, with the server it goes to:
    /// `baseURL` where the URL is on it, else the URL's origin (a redirect's
    /// next hop may be elsewhere).
    private static func httpRequest(_ sent: URLRequest, like original: HTTPRequest, baseURL: URL)
      -> (HTTPRequest, baseURL: URL)
    {
      var request = original
      var server = baseURL
      if let method = sent.httpMethod.flatMap({ HTTPRequest.Method($0) }) {
        request.method = method
      }
      if let url = sent.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
      {
        let base = String(baseURL.absoluteString.trimmingSuffix("/"))
        let whole = url.absoluteString
        // On the server only where its URL goes on with a path or a query
        // (`https://host:8443/…` is not on `https://host`).
        let rest = whole.dropFirst(base.count)
        if whole.hasPrefix(base), rest.isEmpty || rest.first == "/" || rest.first == "?" {
          request.path = String(rest)
        } else {
          request.path =
            components.percentEncodedPath
            + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
          (components.percentEncodedPath, components.percentEncodedQuery) = ("", nil)
          components.fragment = nil
          server = components.url ?? baseURL
        }
      }
      request.headerFields = HTTPFields()
      for (name, value) in sent.allHTTPHeaderFields ?? [:] {
        if let name = HTTPField.Name(name) {
          request.headerFields.append(HTTPField(name: name, value: value))
        }
      }
      return (request, server)
    }
  }

  extension StringProtocol {
    fileprivate func trimmingSuffix(_ suffix: String) -> SubSequence {
      hasSuffix(suffix) ? dropLast(suffix.count) : self[...]
    }
  }
#endif
