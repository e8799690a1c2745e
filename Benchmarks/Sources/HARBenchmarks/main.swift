import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// A replayed call against the same call to a loopback server, through
// HTTPClient and through plain URLSession code, and the time to load a
// 1,000-entry HAR file and answer from it; in a release build.
// Each of the 5 runs measures both calls in this process, so a ratio
// cancels the machine's speed. `--brief` runs each once (CI).

struct CatFact: Codable, Equatable {
  var fact: String
  var length: Int
}

let body = Data(#"{"fact":"Cats purr at 25 to 150 hertz.","length":30}"#.utf8)
let brief = CommandLine.arguments.contains("--brief")

/// A keep-alive HTTP/1.1 server on 127.0.0.1 that answers every request
/// with `body`: the cheapest real server there is, so that the ratio is
/// the replay's cost against the network stack's, not a framework's.
final class LoopbackServer: Sendable {
  let port: UInt16
  private let listener: Int32

  /// A server that answers every request with `answer`.
  init(answering answer: Data = body) {
    #if canImport(Glibc)
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let listener = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    self.listener = listener
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        precondition(bind(listener, address, length) == 0, "bind")
        precondition(getsockname(listener, address, &length) == 0, "getsockname")
      }
    }
    precondition(listen(listener, 64) == 0, "listen")
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread {
      while true {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        Thread.detachNewThread { LoopbackServer.serve(connection, answering: answer) }
      }
    }
  }

  private static func serve(_ connection: Int32, answering body: Data) {
    let head = Data(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        .utf8)
    let answer = head + body
    var pending = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { break }
      pending.append(contentsOf: buffer[..<count])
      while let end = pending.range(of: Data("\r\n\r\n".utf8)) {
        pending.removeSubrange(..<end.upperBound)
        _ = answer.withUnsafeBytes { write(connection, $0.baseAddress, answer.count) }
      }
    }
    close(connection)
  }
}

/// Nanoseconds per call of `n` calls to `client`, each to its own path.
func perCall(_ client: HTTPClient, _ n: Int) async throws -> Double {
  let start = ContinuousClock.now
  for index in 0..<n {
    let fact = try await client.decode(CatFact.self, from: Endpoint(.get, "/items/\(index)"))
    precondition(fact.length == 30)
  }
  let elapsed = ContinuousClock.now - start
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  return seconds * 1e9 / Double(n)
}

/// Nanoseconds per call of `n` calls through `session`, plain URLSession
/// code as an app writes it, each to its own path.
func perCall(_ session: URLSession, _ n: Int) async throws -> Double {
  let start = ContinuousClock.now
  for index in 0..<n {
    let (data, _) = try await session.data(from: baseURL.appendingPathComponent("items/\(index)"))
    let fact = try JSONDecoder().decode(CatFact.self, from: data)
    precondition(fact.length == 30)
  }
  let elapsed = ContinuousClock.now - start
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  return seconds * 1e9 / Double(n)
}

/// A HAR file of `count` entries, each a different path.
func archive(entries count: Int) -> Data {
  let text = String(decoding: body, as: UTF8.self)
    .replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  let entries = (0..<count).map { index in
    #"""
    {"startedDateTime":"2026-01-15T14:30:00.000Z","time":0,"request":{"method":"GET","url":"http://127.0.0.1/items/\#(index)","httpVersion":"HTTP/1.1","cookies":[],"headers":[{"name":"Accept","value":"application/json"}],"queryString":[],"headersSize":-1,"bodySize":0},"response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[{"name":"Content-Type","value":"application/json"}],"content":{"size":\#(body.count),"mimeType":"application/json","text":"\#(text)"},"redirectURL":"","headersSize":-1,"bodySize":\#(body.count)},"cache":{},"timings":{"send":0,"wait":0,"receive":0}}
    """#
  }
  return Data(
    #"{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\#(entries.joined(separator: ","))]}}"#
      .utf8)
}

let server = LoopbackServer()
let baseURL = URL(string: "http://127.0.0.1:\(server.port)")!
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("har-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let live = HTTPClient.live(baseURL: baseURL, clock: { ContinuousClock() }, now: { Date() })
let big = folder.appendingPathComponent("big.har")
try archive(entries: 1_000).write(to: big)

let runs = brief ? 1 : 5
// Recording (#84): 1,000 small exchanges in one file, and one answer that
// lists 5,000 tokens under a hidden name, each timed until its file is
// complete, against the same calls without recording.
let tokensServer = LoopbackServer(answering: tokenList(count: brief ? 50 : 5_000, seed: 84))
/// Runs the recording cases whose names contain `only` (all for `nil`).
func benchmarkRecording(only: String? = nil) async throws {
  try await benchmarkRecording(
    smallURL: baseURL, tokensURL: URL(string: "http://127.0.0.1:\(tokensServer.port)")!,
    exchanges: brief ? 20 : 1_000, tokens: brief ? 50 : 5_000, runs: runs, folder: folder,
    only: only)
}
// `BENCHMARK_ONLY=tokens` (or `exchanges`) runs that recording case alone.
if let only = ProcessInfo.processInfo.environment["BENCHMARK_ONLY"] {
  try await benchmarkRecording(only: only)
  try? FileManager.default.removeItem(at: folder)
  exit(0)
}
let networkCalls = brief ? 5 : 400
let replayCalls = brief ? 5 : 4_000
// One file of `replayCalls` entries, each the answer to its own path, as
// the server gives it: every call of a run takes one.
let recorded = try HTTPArchive(data: archive(entries: replayCalls))
var ratios: [Double] = []
var loads: [Double] = []
for run in 1...runs {
  let replay = HTTPClient(baseURL: baseURL, clock: { ContinuousClock() }, now: { Date() }) { _ in
    fatalError("a replay sent a request")
  }.replaying(.archive(recorded))
  let replayed = try await perCall(replay, replayCalls)
  let network = try await perCall(live, networkCalls)
  ratios.append(replayed / network)

  let start = ContinuousClock.now
  let client = HTTPClient(baseURL: baseURL) { _ in fatalError("sent") }.replaying(.contentsOf(big))
  _ = try await client.data(for: Endpoint(.get, "/items/999"))
  let load = ContinuousClock.now - start
  loads.append(Double(load.components.seconds) * 1e3 + Double(load.components.attoseconds) / 1e15)
  print(
    String(
      format:
        "run %d: replayed call %.0f ns, loopback call %.0f ns, ratio %.4f; "
        + "1,000-entry file read and first answer %.2f ms",
      run, replayed, network, replayed / network, loads.last!))
}
let ratio = ratios.sorted()[ratios.count / 2]
let load = loads.sorted()[loads.count / 2]
print(
  String(
    format: "median of %d: replayed/loopback %.4f (goal <= 0.1: %@); load %.2f ms (goal <= 50: %@)",
    runs, ratio, ratio <= 0.1 ? "pass" : "MISS", load, load <= 50 ? "pass" : "MISS"))

/// A protocol that answers every request with `body` at once, doing
/// nothing else: what any `URLProtocol` costs in `URLSession` itself, the
/// floor under a replayed call.
final class ImmediateProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
  override func startLoading() {
    let response = HTTPURLResponse(
      url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)!
    client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    client?.urlProtocol(self, didLoad: body)
    client?.urlProtocolDidFinishLoading(self)
  }
  override func stopLoading() {}
}

// The same through plain URLSession code (#78): a session replaying the
// file against a plain session calling the same server, and the floor: a
// protocol that answers at once.
print("URLSession (URLSession.replaying against a plain ephemeral session):")
let plain = URLSession(configuration: .ephemeral)
let immediateConfiguration = URLSessionConfiguration.ephemeral
immediateConfiguration.protocolClasses = [ImmediateProtocol.self]
let immediate = URLSession(configuration: immediateConfiguration)
var sessionRatios: [Double] = []
var floorRatios: [Double] = []
for run in 1...runs {
  let replayed = try await perCall(URLSession.replaying(.archive(recorded)), replayCalls)
  let network = try await perCall(plain, networkCalls)
  let floor = try await perCall(immediate, replayCalls)
  sessionRatios.append(replayed / network)
  floorRatios.append(floor / network)
  print(
    String(
      format:
        "run %d: replayed call %.0f ns, loopback call %.0f ns, ratio %.4f; "
        + "an immediate protocol %.0f ns, ratio %.4f",
      run, replayed, network, replayed / network, floor, floor / network))
}
let sessionRatio = sessionRatios.sorted()[sessionRatios.count / 2]
let floorRatio = floorRatios.sorted()[floorRatios.count / 2]
print(
  String(
    format: "median of %d: replayed/loopback %.4f (goal <= 0.1: %@); immediate/loopback %.4f",
    runs, sessionRatio, sessionRatio <= 0.1 ? "pass" : "MISS", floorRatio))

try await benchmarkRecording()
