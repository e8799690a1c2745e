import CurrentWorldHummingbird
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MinimalApps
import NIOEmbedded
import Vapor

// The world middleware's cost per request, in process, on each framework:
// the same `GET /now` through the whole router or responder (routing, the
// middleware, the handler, the body), with the middleware and without it,
// in alternating rounds, in CPU time, over the 20 locale and zone pairs.
// What it leaves out (HTTP parsing, the socket) is the same either way, so
// the difference is the middleware's alone.
//
//   middleware-cost [--runs 5] [--rounds 20] [--requests 2000] [--brief]
//
// Prints each run's median difference per framework, and their median.
// `--brief` (CI) runs each arm once, briefly: it checks that the measure
// runs, and measures nothing.
let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, _ fallback: Int) -> Int {
  arguments.firstIndex(of: name).flatMap { Int(arguments[$0 + 1]) } ?? fallback
}
let brief = arguments.contains("--brief")
let runs = brief ? 1 : option("--runs", 5)
let rounds = brief ? 1 : option("--rounds", 20)
let requests = brief ? 20 : option("--requests", 2_000)
World.bootstrap { $0.date = { Date(timeIntervalSince1970: 1_768_487_400) } }

/// The process's CPU time, in seconds, or the calling thread's.
func cpuTime(_ clock: clockid_t) -> Double {
  var time = timespec()
  clock_gettime(clock, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2)
    ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// A Hummingbird body writer that drops what it is given, as a socket takes it.
struct Discarding: ResponseBodyWriter {
  mutating func write(_ buffer: ByteBuffer) async throws {}
  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// Microseconds of CPU time per request through Hummingbird's responder.
func hummingbird(_ responder: RouterResponder<BasicRequestContext>) async throws -> Double {
  let context = BasicRequestContext(
    source: ApplicationRequestContextSource(
      channel: EmbeddedChannel(), logger: Logger(label: "measure")))
  let heads = pairs.map { pair in
    HTTPRequest(
      method: .get, scheme: "http", authority: "localhost", path: "/now",
      headerFields: [.acceptLanguage: pair.language, HTTPField.Name("Time-Zone")!: pair.zone])
  }
  let start = cpuTime(CLOCK_PROCESS_CPUTIME_ID)
  for index in 0..<requests {
    let request = Hummingbird.Request(
      head: heads[index % heads.count], body: RequestBody(buffer: ByteBuffer()))
    let response = try await responder.respond(to: request, context: context)
    try await response.body.write(Discarding())
  }
  return (cpuTime(CLOCK_PROCESS_CPUTIME_ID) - start) * 1e6 / Double(requests)
}

/// Microseconds of CPU time per request through Vapor's responder, on its
/// event loop.
func vapor(_ app: Vapor.Application) async throws -> Double {
  let loop = app.eventLoopGroup.next()
  let responder = app.responder.current
  let headers = pairs.map { pair in
    HTTPHeaders([("Accept-Language", pair.language), ("Time-Zone", pair.zone)])
  }
  // Vapor logs each request at info level: the same in both arms, but a
  // write per request whose cost swings by more than the middleware's.
  var logger = Logger(label: "codes.vapor.request")
  logger.logLevel = .error
  let quiet = logger
  return try await loop.flatSubmit { () -> EventLoopFuture<Double> in
    let start = cpuTime(CLOCK_THREAD_CPUTIME_ID)
    // A chain, which NIO runs in a loop rather than by recursion.
    var done = loop.makeSucceededVoidFuture()
    for index in 0..<requests {
      done = done.flatMap {
        responder.respond(
          to: Vapor.Request(
            application: app, method: .GET, url: URI(path: "/now"),
            headers: headers[index % headers.count], logger: quiet, on: loop)
        ).map { _ in }
      }
    }
    return done.map { (cpuTime(CLOCK_THREAD_CPUTIME_ID) - start) * 1e6 / Double(requests) }
  }.get()
}

/// One run: `rounds` alternating rounds of both arms, after one discarded;
/// the median of each round's difference, in microseconds per request.
func run(_ measure: (Bool) async throws -> Double) async throws -> Double {
  var costs: [[Double]] = [[], []]
  for round in 0..<(rounds + 1) {
    for arm in [round % 2, 1 - round % 2] {
      let cost = try await measure(arm == 0)
      if round > 0 { costs[arm].append(cost) }
    }
  }
  return median(zip(costs[0], costs[1]).map { $0 - $1 })
}

let routers = [true, false].map { hummingbirdRouter(worlds: $0).buildResponder() }
var vaporApps: [Vapor.Application] = []
for worlds in [true, false] {
  let app = try await Vapor.Application.make(
    Vapor.Environment(name: "measure", arguments: ["measure"]))
  app.logger.logLevel = .error
  configureVapor(app, worlds: worlds)
  try await app.asyncBoot()
  vaporApps.append(app)
}
print(
  "in process, GET /now over \(pairs.count) locale and zone pairs, \(requests) requests a round, "
    + "\(rounds) rounds a run after one discarded; the middleware's cost per request, "
    + "with it minus without it:")
for (name, measure) in [
  ("Hummingbird", { (worlds: Bool) in try await hummingbird(routers[worlds ? 0 : 1]) }),
  ("Vapor", { (worlds: Bool) in try await vapor(vaporApps[worlds ? 0 : 1]) }),
] as [(String, (Bool) async throws -> Double)] {
  var medians: [Double] = []
  for _ in 0..<runs { medians.append(try await run(measure)) }
  let each = medians.map { String(format: "%.2f", $0) }.joined(separator: ", ")
  print(
    String(format: "  %@: %@ us (median of %d runs: %.2f us)", name, each, runs, median(medians)))
}
for app in vaporApps { try await app.asyncShutdown() }
