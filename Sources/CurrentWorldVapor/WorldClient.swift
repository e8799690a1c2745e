#if Vapor
  internal import CurrentWorldHTTP
  import Foundation
  import Logging
  public import Vapor

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// Vapor's `Client` (`req.client`, `app.client`) read from the world in
  /// effect at each send, so that a test replays the backend a route
  /// calls, in parallel with every other test:
  ///
  /// ```swift
  /// app.clients.use(.world)                              // in configure
  /// Current.urlSession = .replaying("Recordings/facts.har") // in a test
  /// ```
  ///
  /// Where `Current.urlSession` is a session that `replaying` made, a
  /// request is answered from its recording (matched, ordered, recorded and
  /// redacted as an `HTTPClient`'s are), and recording sends through the
  /// live client. In a test world that arranged nothing, a request fails
  /// the test, naming that line, and nothing is sent. Anywhere else (a live
  /// world) it goes to the live client untouched.
  ///
  /// The world in effect is the one where `send` is called: in an `async`
  /// route, the request's world (with ``WorldMiddleware``); in a route that
  /// returns a future, the request's world while the route's closure runs,
  /// not in a later callback (read ``Vapor/Request/world`` there).
  public struct WorldClient: Client {
    private let live: any Client

    /// A client that sends through `live` except where the world in effect
    /// replays a recording or is a test's that arranged none.
    public init(live: any Client) {
      self.live = live
    }

    /// The live client's event loop.
    public var eventLoop: any EventLoop { live.eventLoop }

    /// The live client's allocator.
    public var byteBufferAllocator: ByteBufferAllocator { live.byteBufferAllocator }

    /// This client, with the live client's futures on `eventLoop`.
    public func delegating(to eventLoop: any EventLoop) -> any Client {
      WorldClient(live: live.delegating(to: eventLoop))
    }

    /// This client, with the live client logging to `logger`.
    public func logging(to logger: Logger) -> any Client {
      WorldClient(live: live.logging(to: logger))
    }

    /// This client, with the live client allocating from `byteBufferAllocator`.
    public func allocating(to byteBufferAllocator: ByteBufferAllocator) -> any Client {
      WorldClient(live: live.allocating(to: byteBufferAllocator))
    }

    /// Sends `request` where the world in effect says: see ``WorldClient``.
    public func send(_ request: ClientRequest) -> EventLoopFuture<ClientResponse> {
      guard let route = WorldRoute.inEffect(client: "Vapor's client") else {
        return live.send(request)
      }
      let promise = eventLoop.makePromise(of: ClientResponse.self)
      let (live, allocator) = (self.live, byteBufferAllocator)
      // A task started here inherits the world in effect.
      promise.completeWithTask {
        guard let url = URL(string: request.url.string) else { throw URLError(.badURL) }
        let (data, response) = try await route.send(Self.urlRequest(request, url: url)) {
          sent in
          let answer = try await live.send(Self.clientRequest(sent, like: request)).get()
          guard
            let made = HTTPURLResponse(
              url: sent.url ?? url, statusCode: Int(answer.status.code), httpVersion: "HTTP/1.1",
              headerFields: Self.joined(answer.headers))
          else { throw URLError(.badServerResponse) }
          return (answer.body.map { Data($0.readableBytesView) } ?? Data(), made)
        }
        var headers = HTTPHeaders()
        for case (let name as String, let value as String) in response.allHeaderFields {
          // `HTTPURLResponse` joins repeated fields with a comma, which a
          // `Set-Cookie` cannot take: each cookie is a field again.
          for value in name.lowercased() == "set-cookie" ? Self.cookies(value) : [value] {
            headers.add(name: name, value: value)
          }
        }
        return ClientResponse(
          status: HTTPResponseStatus(statusCode: response.statusCode), headers: headers,
          body: data.isEmpty ? nil : allocator.buffer(bytes: data),
          byteBufferAllocator: allocator)
      }
      return promise.futureResult
    }

    private static func urlRequest(_ request: ClientRequest, url: URL) -> URLRequest {
      var made = URLRequest(url: url)
      made.httpMethod = request.method.rawValue
      for (name, value) in request.headers {
        made.addValue(value, forHTTPHeaderField: name)
      }
      made.httpBody = request.body.map { Data($0.readableBytesView) }
      if let timeout = request.timeout {
        made.timeoutInterval = Double(timeout.nanoseconds) / 1_000_000_000
      }
      return made
    }

    /// `sent` (the request, or a redirect's next hop) as the live client
    /// takes it.
    private static func clientRequest(_ sent: URLRequest, like original: ClientRequest)
      -> ClientRequest
    {
      var request = original
      request.method = HTTPMethod(rawValue: sent.httpMethod ?? original.method.rawValue)
      if let url = sent.url { request.url = URI(string: url.absoluteString) }
      request.headers = HTTPHeaders((sent.allHTTPHeaderFields ?? [:]).map { ($0.key, $0.value) })
      request.body = sent.httpBody.map { ByteBuffer(bytes: $0) }
      return request
    }

    /// The cookies of a `Set-Cookie` value joined from several: split at
    /// each comma that a cookie's `name=` follows, which the comma of an
    /// `Expires` date never is, and a cookie's value cannot hold.
    private static func cookies(_ joined: String) -> [String] {
      var cookies: [String] = []
      var start = joined.startIndex
      var search = joined.startIndex
      while let comma = joined[search...].firstIndex(of: ",") {
        let next = joined[joined.index(after: comma)...].drop { $0 == " " }
        let name = next.prefix { !"=;, \t".contains($0) }
        if !name.isEmpty, next.dropFirst(name.count).first == "=" {
          cookies.append(String(joined[start..<comma]))
          start = next.startIndex
        }
        search = joined.index(after: comma)
      }
      cookies.append(String(joined[start...]))
      return cookies
    }

    /// Headers as `HTTPURLResponse` takes them: one value per name, repeated
    /// ones joined with a comma, as HTTP allows.
    private static func joined(_ headers: HTTPHeaders) -> [String: String] {
      var joined: [String: String] = [:]
      for (name, value) in headers {
        joined[name] = joined[name].map { "\($0), \(value)" } ?? value
      }
      return joined
    }
  }

  extension Application.Clients.Provider {
    /// ``WorldClient`` over Vapor's own HTTP client (`.http`):
    /// `app.clients.use(.world)`. Vapor's shared HTTP client is made here,
    /// with the configuration `app.http.client` has now.
    public static var world: Self {
      .init { app in
        app.clients.use(.http)
        let live = app.client
        app.clients.use { _ in WorldClient(live: live) }
      }
    }
  }
#endif
