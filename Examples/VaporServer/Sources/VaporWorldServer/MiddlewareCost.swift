import CurrentWorldVapor
import Foundation
import Vapor

/// The world middleware's cost per request, in process: the same `GET /now`
/// through Vapor's whole responder (routing, middleware, the route, JSON),
/// with the middleware and without, in alternating rounds on one event
/// loop, as a server calls its responder, in that thread's CPU time. What it leaves out (HTTP parsing,
/// the socket) is the same either way, so the difference is the
/// middleware's alone; the load check divides it by a real request's CPU.
public enum MiddlewareCost {
  /// Prints the median cost per request with and without the middleware,
  /// each round's difference, and their median on a last line the load
  /// check reads: `middleware cost per request: 1.23 us`.
  ///
  /// Many short rounds, not a few long ones: on a shared machine a CPU
  /// second is not always the same work, and a round's two halves, a
  /// fraction of a second apart, are measured on the same machine state;
  /// the median of many such differences is what a burst cannot move.
  public static func measure(_ options: ServerOptions, rounds: Int = 40, requests: Int = 2_000)
    async throws
  {
    var without = options
    without.withoutWorlds = true
    let apps = [try await app(options), try await app(without)]
    var costs: [[Double]] = [[], []]
    for round in 0..<(rounds + 1) {
      for index in [round % 2, 1 - round % 2] {
        let cost = try await perRequest(apps[index], requests: requests)
        if round > 0 { costs[index].append(cost) }  // The first round warms up.
      }
    }
    for app in apps { try await app.asyncShutdown() }
    let differences = zip(costs[0], costs[1]).map { $0 - $1 }
    func row(_ values: [Double]) -> String {
      values.map { String(format: "%.1f", $0) }.joined(separator: " ")
    }
    print("in process, \(requests) GET /now a round, \(rounds) rounds after one discarded:")
    print(
      String(
        format: "  median with the world middleware %.2f us, without it %.2f us",
        median(costs[0]), median(costs[1])))
    print("  each round's difference, us: \(row(differences))")
    print(String(format: "middleware cost per request: %.2f us", median(differences)))
  }

  static func app(_ options: ServerOptions) async throws -> Application {
    let app = try await Application.make(Environment(name: "measure", arguments: ["measure"]))
    app.logger.logLevel = .error
    configure(app, options)
    try await app.asyncBoot()
    return app
  }

  /// Microseconds of the event loop thread's CPU time per request through
  /// `app`'s responder: CPU time, so that other processes on a busy
  /// machine move it little.
  static func perRequest(_ app: Application, requests: Int) async throws -> Double {
    let loop = app.eventLoopGroup.next()
    let responder = app.responder.current
    let headers: HTTPHeaders = [
      "Accept-Language": "es-AR", "Time-Zone": "America/Argentina/Buenos_Aires",
    ]
    // Vapor logs each request at info level: the same in both arms, but a
    // write to stdout per request whose cost swings by more than the
    // middleware's. The measure keeps the log call and drops the write.
    let logger = {
      var logger = Logger(label: "codes.vapor.request")
      logger.logLevel = .error
      return logger
    }()
    let cpu = try await loop.flatSubmit { () -> EventLoopFuture<Double> in
      let start = threadCPUTime()
      // A chain, run by NIO in a loop rather than by recursion.
      var done = loop.makeSucceededVoidFuture()
      for _ in 0..<requests {
        done = done.flatMap {
          responder.respond(
            to: Request(
              application: app, method: .GET, url: URI(path: "/now"), headers: headers,
              logger: logger, on: loop)
          ).map { _ in }
        }
      }
      return done.map { threadCPUTime() - start }
    }.get()
    return cpu * 1e6 / Double(requests)
  }

  /// The calling thread's CPU time, in seconds.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
