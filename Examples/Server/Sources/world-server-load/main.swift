import AsyncHTTPClient
import CurrentWorldHummingbird
import Foundation
import WorldServer

// The load check: world-server (Hummingbird) or world-server-vapor under
// concurrent load, against the same server without the world middleware,
// side by side in one run.
//
//   world-server-load --server .build/release/world-server [--rounds 5] [--seconds 5] [--control]
//
// 1. wrk against both servers, alternating, `rounds` times, after one
//    discarded round each: requests per second with the middleware and
//    without, and their ratio (goal 0.95x); each round's own ratio; and,
//    where `/proc` says, each server's CPU time per request answered.
//    It runs first, so that both servers are measured with the same
//    history: the checks below reach one server only.
//    With `--control`, a third server, also without the middleware, is
//    measured in the same rounds: its ratio to the second is the noise.
//    With `--cost`, the server's own in-process measure of the middleware
//    (`--measure-middleware`, CPU time, which the machine's load moves
//    little) is divided by the CPU time that a real request took without
//    it: the middleware's share of a request's cost.
// 2. 1,000 concurrent GET /now over 20 locale and time zone pairs: every
//    answer must be in its own request's world.
// 3. 100 concurrent GET /countdown?from=3 streams on the real clock: every
//    line must be in its own request's world.
// It exits non-zero on any answer in the wrong world, never on a speed.

let fixedDate = "2026-01-15T14:30:00Z"
let date = try Date(fixedDate, strategy: .iso8601)
let pairs: [(tag: String, locale: String, zone: String)] = [
  ("en-US", "en_US", "America/New_York"), ("en-GB", "en_GB", "Europe/London"),
  ("es-AR", "es_AR", "America/Argentina/Buenos_Aires"), ("es-ES", "es_ES", "Europe/Madrid"),
  ("fr-FR", "fr_FR", "Europe/Paris"), ("fr-CA", "fr_CA", "America/Toronto"),
  ("de-DE", "de_DE", "Europe/Berlin"), ("it-IT", "it_IT", "Europe/Rome"),
  ("pt-BR", "pt_BR", "America/Sao_Paulo"), ("ja-JP", "ja_JP", "Asia/Tokyo"),
  ("ko-KR", "ko_KR", "Asia/Seoul"), ("zh-Hans-CN", "zh_Hans_CN", "Asia/Shanghai"),
  ("hi-IN", "hi_IN", "Asia/Kolkata"), ("ar-EG", "ar_EG", "Africa/Cairo"),
  ("ru-RU", "ru_RU", "Europe/Moscow"), ("tr-TR", "tr_TR", "Europe/Istanbul"),
  ("th-TH", "th_TH", "Asia/Bangkok"), ("sv-SE", "sv_SE", "Europe/Stockholm"),
  ("he-IL", "he_IL", "Asia/Jerusalem"), ("en-AU", "en_AU", "Australia/Sydney"),
]

struct Options {
  var server = ".build/release/world-server"
  var rounds = 5
  var seconds = 5
  var requests = 1_000
  var streams = 100
  var control = false
  var cost = false
  var ports = (18_081, 18_082, 18_083)

  init(_ arguments: [String]) {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      if option == "--cost" {
        cost = true
        continue
      }
      if option == "--control" {
        control = true
        continue
      }
      let value = remaining.popFirst() ?? ""
      func count() -> Int {
        guard let count = Int(value), count > 0 else {
          fail("\(option) \(value) is not a count above zero")
        }
        return count
      }
      switch option {
      case "--server": server = value
      case "--rounds": rounds = count()
      case "--seconds": seconds = count()
      case "--requests": requests = count()
      case "--streams": streams = count()
      default: fail("unknown option \(option)")
      }
    }
  }
}

/// The servers this check started, stopped before it exits.
// `@unchecked Sendable`: `started` is read and written under `lock` only.
final class Servers: @unchecked Sendable {
  private let lock = NSLock()
  private var started: [Process] = []

  func add(_ process: Process) { lock.withLock { started.append(process) } }

  func stop() { for process in lock.withLock({ started }) { process.terminate() } }
}
let servers = Servers()

func fail(_ message: String) -> Never {
  servers.stop()
  FileHandle.standardError.write(Data("world-server-load: \(message)\n".utf8))
  exit(1)
}

/// `/now`'s text as the platform's own `DateFormatter` writes it, in the
/// calendar it picks for the locale.
func expectedText(_ pair: (tag: String, locale: String, zone: String)) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: pair.locale)
  formatter.timeZone = TimeZone(identifier: pair.zone)
  formatter.dateStyle = .full
  formatter.timeStyle = .full
  return formatter.string(from: date)
}

/// One countdown line as the platform's own styles write it.
func expectedLine(_ left: Int, _ pair: (tag: String, locale: String, zone: String)) -> String {
  var calendar = Locale(identifier: pair.locale).calendar
  calendar.locale = Locale(identifier: pair.locale)
  calendar.timeZone = TimeZone(identifier: pair.zone)!
  let relative = Date.AnchoredRelativeFormatStyle(
    anchor: date.addingTimeInterval(TimeInterval(left)), presentation: .numeric,
    unitsStyle: .wide, locale: Locale(identifier: pair.locale), calendar: calendar
  ).format(date)
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: pair.locale)
  formatter.timeZone = TimeZone(identifier: pair.zone)
  formatter.calendar = calendar
  formatter.dateStyle = .none
  formatter.timeStyle = .long
  return "\(relative) · \(formatter.string(from: date))"
}

/// Starts the server binary on `port`, and waits until it answers.
func startServer(_ options: Options, port: Int, extra: [String]) async throws -> Process {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: options.server)
  // Both servers default to the place that wrk asks for, so that they
  // answer the same bytes and the ratio is the middleware's cost alone.
  process.arguments =
    [
      "--port", String(port), "--date", fixedDate, "--locale", "es_AR",
      "--time-zone", "America/Argentina/Buenos_Aires",
    ] + extra
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  servers.add(process)
  let deadline = ContinuousClock.now + .seconds(20)
  while ContinuousClock.now < deadline {
    var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/now")
    request.method = .GET
    if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(2)),
      response.status == .ok
    {
      return process
    }
    try await Task.sleep(for: .milliseconds(100))
  }
  process.terminate()
  fail("the server on port \(port) did not answer within 20 s")
}

/// The client for the checks: as many connections as requests in flight.
let client = HTTPClient(
  eventLoopGroupProvider: .singleton,
  configuration: .init(
    connectionPool: .init(
      idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 1_000)))

/// Shuts the client down (the asynchronous form; top-level code would pick
/// the future-returning one).
func closeClient() async throws {
  try await client.shutdown()
}

/// What one request to `path` answered, in `pair`'s world.
func fetch(_ port: Int, _ path: String, _ pair: (tag: String, locale: String, zone: String))
  async throws -> (status: UInt, language: String?, body: String)
{
  var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
  request.headers.add(name: "Accept-Language", value: pair.tag)
  request.headers.add(name: "Time-Zone", value: pair.zone)
  let response = try await client.execute(request, timeout: .seconds(60))
  let body = try await response.body.collect(upTo: 1 << 20)
  return (
    response.status.code, response.headers.first(name: "Content-Language"), String(buffer: body)
  )
}

/// One wrk run: requests per second, and the server's CPU time for each
/// request it answered, when the system says (Linux's `/proc`).
struct Round {
  var rate: Double
  var cpuPerRequest: Duration?
}

/// The CPU time that process `pid` has used, user and system, from
/// `/proc/PID/stat`; `nil` where there is no `/proc`.
func cpuTime(_ pid: Int32) -> Duration? {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let end = stat.lastIndex(of: ")")
  else { return nil }
  // After the command's name: state is field 3, utime 14, stime 15.
  let fields = stat[stat.index(after: end)...].split(separator: " ")
  guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
    return nil
  }
  let ticks = Int(sysconf(Int32(_SC_CLK_TCK)))
  return .seconds(user + system) / ticks
}

/// One wrk run against `server`, listening on `port`.
func wrk(_ options: Options, _ server: Process, port: Int) throws -> Round {
  let cpuBefore = cpuTime(server.processIdentifier)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = [
    "wrk", "-t2", "-c64", "-d\(options.seconds)s",
    "-H", "Accept-Language: es-AR", "-H", "Time-Zone: America/Argentina/Buenos_Aires",
    "http://127.0.0.1:\(port)/now",
  ]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  let lines = output.split(separator: "\n")
  guard let line = lines.first(where: { $0.hasPrefix("Requests/sec:") }),
    let value = Double(line.split(separator: " ").last ?? "")
  else { fail("wrk printed no Requests/sec:\n\(output)") }
  // "  143211 requests in 4.00s, 41.52MB read"
  let answered = lines.lazy.compactMap { line -> Int? in
    let words = line.split(separator: " ")
    return words.count > 2 && words[1] == "requests" && words[2] == "in" ? Int(words[0]) : nil
  }.first
  var round = Round(rate: value)
  if let cpuBefore, let cpuAfter = cpuTime(server.processIdentifier), let answered, answered > 0 {
    round.cpuPerRequest = (cpuAfter - cpuBefore) / answered
  }
  return round
}

/// The server's in-process measure of the middleware, in microseconds per
/// request: it prints its rounds, and a last line with their median.
func middlewareCost(_ options: Options) throws -> Double {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: options.server)
  process.arguments = [
    "--measure-middleware", "--date", fixedDate, "--locale", "es_AR",
    "--time-zone", "America/Argentina/Buenos_Aires",
  ]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  let lines = output.split(separator: "\n")
  for line in lines { print("  \(line)") }
  guard let last = lines.last(where: { $0.hasPrefix("middleware cost") }),
    let value = Double(last.split(separator: " ").dropLast().last ?? "")
  else { fail("the server printed no middleware cost:\n\(output)") }
  return value
}

/// The middle value of `values`; of an even count, the mean of the two in
/// the middle.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let withWorlds = try await startServer(options, port: options.ports.0, extra: [])
let withoutWorlds = try await startServer(options, port: options.ports.1, extra: ["--no-world"])

// 1. Throughput, first, while both servers have the same history; the
// order of the servers turns by one in each round.
let wrkInstalled = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
  .split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/wrk") }
if !wrkInstalled {
  print("wrk: not installed, so no throughput figures (apt-get install wrk)")
} else {
  var measured: [(server: Process, port: Int)] = [
    (withWorlds, options.ports.0), (withoutWorlds, options.ports.1),
  ]
  if options.control {
    let control = try await startServer(options, port: options.ports.2, extra: ["--no-world"])
    measured.append((control, options.ports.2))
  }
  for server in measured { _ = try wrk(options, server.server, port: server.port) }
  var rounds = Array(repeating: [Round](), count: measured.count)
  for round in 0..<options.rounds {
    for step in measured.indices {
      let index = (round + step) % measured.count
      rounds[index].append(try wrk(options, measured[index].server, port: measured[index].port))
    }
  }
  /// `values`, then their median, each written with `format`.
  func row(_ values: [Double], _ format: String) -> String {
    let each = values.map { String(format: format, $0) }.joined(separator: ", ")
    return "\(each) (median \(String(format: format, median(values))))"
  }
  let rates = rounds.map { $0.map(\.rate) }
  let ratio = median(rates[0]) / median(rates[1])
  // Each round measures the servers back to back, so its own ratio is the
  // least disturbed by a machine whose load changes between rounds.
  let paired = zip(rates[0], rates[1]).map { $0 / $1 }
  print(
    "wrk /now, \(options.rounds) rounds of \(options.seconds) s after one discarded round, "
      + "2 threads, 64 connections, es-AR and America/Argentina/Buenos_Aires, both servers' "
      + "defaults (the same body):")
  print("  with the world middleware: \(row(rates[0], "%.0f")) req/s")
  print("  without it:                \(row(rates[1], "%.0f")) req/s")
  print("  each round's ratio:        \(row(paired, "%.3f"))")
  print(
    String(
      format: "  ratio of medians: %.3fx (goal >= 0.95x: %@)", ratio,
      ratio >= 0.95 ? "pass" : "MISS"))
  if options.control {
    let noise = median(rates[2]) / median(rates[1])
    print("  control, also without it:  \(row(rates[2], "%.0f")) req/s")
    print(String(format: "  control's ratio of medians: %.3fx (the noise; 1 is none)", noise))
  }
  func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
  }
  let cpu = rounds.map { $0.compactMap(\.cpuPerRequest).map(microseconds) }
  if cpu[0].count == options.rounds, cpu[1].count == options.rounds {
    print("  server CPU per request, with:    \(row(cpu[0], "%.2f")) us")
    print("  server CPU per request, without: \(row(cpu[1], "%.2f")) us")
    if options.cost {
      let inProcess = try middlewareCost(options)
      let share = inProcess / median(cpu[1])
      print(
        String(
          format: "  middleware's share of a request's CPU: %.2f us / %.2f us = %.1f%% "
            + "(goal <= 5%%: %@)", inProcess, median(cpu[1]), share * 100,
          share <= 0.05 ? "pass" : "MISS"))
    }
  }
}

// 2. Concurrent /now: each answer in its own request's world.
let expected = pairs.map(expectedText)
let nowResults = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
  for index in 0..<options.requests {
    group.addTask {
      let pairIndex = index % pairs.count
      let answer = try await fetch(options.ports.0, "/now", pairs[pairIndex])
      guard answer.status == 200,
        let body = try? JSONDecoder().decode(NowBody.self, from: Data(answer.body.utf8))
      else { return (pairIndex, "status \(answer.status): \(answer.body)") }
      let pair = pairs[pairIndex]
      if body.text == expected[pairIndex], body.locale == pair.tag, body.timeZone == pair.zone,
        answer.language == pair.tag
      {
        return (pairIndex, nil)
      }
      return (pairIndex, "\(body)")
    }
  }
  var results: [(Int, String?)] = []
  for try await result in group { results.append(result) }
  return results
}
let nowWrong = nowResults.filter { $0.1 != nil }
let nowOtherWorld = nowWrong.filter { wrong in
  expected.indices.contains { $0 != wrong.0 && wrong.1!.contains(expected[$0]) }
}
print("/now: \(options.requests) concurrent requests over \(pairs.count) locale and zone pairs")
print("  answers in their own request's world: \(options.requests - nowWrong.count)")
print("  answers in another request's world: \(nowOtherWorld.count)")
print("  other wrong answers: \(nowWrong.count - nowOtherWorld.count)")
for wrong in nowWrong.prefix(3) { print("  e.g. \(pairs[wrong.0].tag): \(wrong.1!)") }

// 3. Concurrent countdowns on the real clock.
let started = ContinuousClock.now
let streamWrong = try await withThrowingTaskGroup(of: Int.self) { group in
  for index in 0..<options.streams {
    group.addTask {
      let pair = pairs[index % pairs.count]
      let answer = try await fetch(options.ports.0, "/countdown?from=3", pair)
      let lines = answer.body.split(separator: "\n").map(String.init)
      return lines == [3, 2, 1].map { expectedLine($0, pair) } ? 0 : 1
    }
  }
  var wrong = 0
  for try await result in group { wrong += result }
  return wrong
}
print(
  "/countdown?from=3: \(options.streams) concurrent streams, "
    + "\(options.streams - streamWrong) with every line in their own request's world, "
    + "\(streamWrong) not, in \(ContinuousClock.now - started)")
try await closeClient()

if !nowWrong.isEmpty || streamWrong > 0 { fail("answers in the wrong world") }
servers.stop()
print("load check: every answer in its own request's world")
