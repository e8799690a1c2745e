import AsyncHTTPClient
import CurrentWorldHummingbird
import Foundation
import WorldServer

// The load check: world-server (Hummingbird) or world-server-vapor under
// concurrent load, checked for answers in the wrong world. It measures no
// speed: the middleware's cost is measured in Benchmarks/Servers.
//
//   world-server-load --server .build/debug/world-server [--requests 1000] [--streams 100]
//
// 1. 1,000 concurrent GET /now over 20 locale and time zone pairs: every
//    answer must be in its own request's world.
// 2. 100 concurrent GET /countdown?from=3 streams on the real clock: every
//    line must be in its own request's world.
// It exits non-zero on any answer in the wrong world.

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
  var server = ".build/debug/world-server"
  var requests = 1_000
  var streams = 100
  var port = 18_081

  init(_ arguments: [String]) {
    var remaining = arguments[...]
    while let option = remaining.popFirst() {
      let value = remaining.popFirst() ?? ""
      func count() -> Int {
        guard let count = Int(value), count > 0 else {
          fail("\(option) \(value) is not a count above zero")
        }
        return count
      }
      switch option {
      case "--server": server = value
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
func startServer(_ options: Options, port: Int) async throws -> Process {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: options.server)
  process.arguments = [
    "--port", String(port), "--date", fixedDate, "--locale", "es_AR",
    "--time-zone", "America/Argentina/Buenos_Aires",
  ]
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

let options = Options(Array(CommandLine.arguments.dropFirst()))
_ = try await startServer(options, port: options.port)

// 1. Concurrent /now: each answer in its own request's world.
let expected = pairs.map(expectedText)
let nowResults = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
  for index in 0..<options.requests {
    group.addTask {
      let pairIndex = index % pairs.count
      let answer = try await fetch(options.port, "/now", pairs[pairIndex])
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

// 2. Concurrent countdowns on the real clock.
let started = ContinuousClock.now
let streamWrong = try await withThrowingTaskGroup(of: Int.self) { group in
  for index in 0..<options.streams {
    group.addTask {
      let pair = pairs[index % pairs.count]
      let answer = try await fetch(options.port, "/countdown?from=3", pair)
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
