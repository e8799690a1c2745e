#if Vapor
  import CurrentWorldHTTP
  import CurrentWorldTesting
  import CurrentWorldVapor
  import Foundation
  import Testing
  import Vapor
  import VaporTesting

  /// `req.client` after `app.clients.use(.world)`, in each route style the
  /// article's table names, served in memory and on a real port: the
  /// test's recording answers, and nothing is sent.
  @Suite(.world, .timeLimit(.minutes(2))) struct WorldClientTests {
    static let archive = try! HTTPArchive(
      data: Data(
        #"""
        {"log":{"entries":[
          {"request":{"method":"GET","url":"https://backend.example/fact"},
           "response":{"status":200,"content":{"text":"recorded fact"}}},
          {"request":{"method":"GET","url":"https://backend.example/fact"},
           "response":{"status":200,"content":{"text":"recorded fact"}}}]}}
        """#.utf8))

    /// What `path` answers, in memory and on a real port, with the routes
    /// that `routes` adds behind the world middleware and the world client.
    static func answers(_ path: String, _ routes: @escaping (Application) throws -> Void)
      async throws -> [String]
    {
      Current.urlSession = .replaying(.archive(archive))
      var answers: [String] = []
      for method in [Application.Method.inMemory, .running(port: 0)] {
        try await withApp { app in
          app.middleware.use(WorldMiddleware())
          app.clients.use(.world)
          try routes(app)
          let response = try await app.testing(method: method).sendRequest(.GET, path)
          answers.append("\(response.status.code) \(response.body.string)")
        }
      }
      return answers
    }

    @Test func anAsyncHandlersClientAnswersFromTheRequestsWorld() async throws {
      let answers = try await Self.answers("fact") { app in
        app.get("fact") { req async throws in
          let response = try await req.client.get("https://backend.example/fact")
          return response.body.map { String(buffer: $0) } ?? ""
        }
      }
      #expect(answers == ["200 recorded fact", "200 recorded fact"])
    }

    @Test func aSynchronousClosuresClientAnswersFromTheRequestsWorld() async throws {
      let answers = try await Self.answers("fact") { app in
        app.get("fact") { req -> EventLoopFuture<String> in
          req.client.get("https://backend.example/fact").map { response in
            response.body.map { String(buffer: $0) } ?? ""
          }
        }
      }
      #expect(answers == ["200 recorded fact", "200 recorded fact"])
    }

    /// A future's later callback runs in the process's world; the fix the
    /// article gives, `withWorld(req.world)`, sends in the request's.
    @Test func aFuturesCallbackSendsInTheRequestsWorldWhenGivenIt() async throws {
      let answers = try await Self.answers("fact") { app in
        app.get("fact") { req async throws in
          let response = try await req.eventLoop.submit {
            withWorld(req.world) { req.client.get("https://backend.example/fact") }
          }.flatMap { $0 }.get()
          return response.body.map { String(buffer: $0) } ?? ""
        }
      }
      #expect(answers == ["200 recorded fact", "200 recorded fact"])
    }

    /// Vapor's own client, delegating and logging as `req.client` asks,
    /// is what a live world sends through.
    @Test func theClientKeepsTheRequestsEventLoop() async throws {
      try await withApp { app in
        app.clients.use(.world)
        let loop = app.eventLoopGroup.next()
        #expect(app.client.delegating(to: loop).eventLoop === loop)
        #expect(app.client is WorldClient)
        #expect(app.client.delegating(to: loop) is WorldClient)
      }
    }
  }
#endif
