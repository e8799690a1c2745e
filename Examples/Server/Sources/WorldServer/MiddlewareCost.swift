import CurrentWorldHummingbird
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOEmbedded

/// The world middleware's cost per request, in process: the same `GET /now`
/// through the whole router (routing, middleware, the handler, JSON, the
/// body written), with the middleware and without, in alternating rounds,
/// in the process's CPU time, so that other processes on a busy machine
/// move it little. What it leaves out (HTTP parsing, the socket) is the
/// same either way, so the difference is the middleware's alone; the load
/// check divides it by a real request's CPU time.
public enum MiddlewareCost {
  /// Prints the median cost per request with and without the middleware,
  /// each round's difference, and their median on a last line the load
  /// check reads: `middleware cost per request: 1.23 us`.
  ///
  /// Many short rounds, not a few long ones: on a shared machine a CPU
  /// second is not always the same work, and a round's two halves, a
  /// fraction of a second apart, are measured on the same machine state;
  /// the median of many such differences is what a burst cannot move.
  public static func measure(rounds: Int = 40, requests: Int = 5_000) async throws {
    var without = ServerOptions()
    without.withoutWorlds = true
    let responders = [responder(ServerOptions()), responder(without)]
    var costs: [[Double]] = [[], []]
    for round in 0..<(rounds + 1) {
      for index in [round % 2, 1 - round % 2] {
        let cost = try await perRequest(responders[index], requests: requests)
        if round > 0 { costs[index].append(cost) }  // The first round warms up.
      }
    }
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

  static func responder(_ options: ServerOptions) -> RouterResponder<BasicRequestContext> {
    let router = Router()
    if !options.withoutWorlds { router.add(middleware: WorldMiddleware()) }
    Routes.add(to: router)
    return router.buildResponder()
  }

  /// Microseconds of the process's CPU time per request through `responder`.
  static func perRequest(_ responder: RouterResponder<BasicRequestContext>, requests: Int)
    async throws -> Double
  {
    let context = BasicRequestContext(
      source: ApplicationRequestContextSource(
        channel: EmbeddedChannel(), logger: Logger(label: "measure")))
    let head = HTTPRequest(
      method: .get, scheme: "http", authority: "localhost", path: "/now",
      headerFields: [
        .acceptLanguage: "es-AR", HTTPField.Name("Time-Zone")!: "America/Argentina/Buenos_Aires",
      ])
    let start = processCPUTime()
    for _ in 0..<requests {
      let response = try await responder.respond(
        to: Request(head: head, body: RequestBody(buffer: ByteBuffer())), context: context)
      try await response.body.write(Discarding())
    }
    return (processCPUTime() - start) * 1e6 / Double(requests)
  }

  /// A body writer that drops what it is given, as a socket would take it.
  struct Discarding: ResponseBodyWriter {
    mutating func write(_ buffer: ByteBuffer) async throws {}
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }

  /// The process's CPU time, in seconds.
  static func processCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }
}
