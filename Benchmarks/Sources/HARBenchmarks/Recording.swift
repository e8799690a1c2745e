import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// Recording (#84): the cost of recording a file, through the public API
// alone, against the same calls made without `.replaying`, in one process.
// A recording is timed from its first call until its file is complete on
// disk, whenever the library writes it (after each entry, or once when the
// client is released).

/// One recording's times, in seconds.
struct RecordingTimes {
  /// The same calls without `.replaying`: the network's share.
  var network: Double
  /// From the first call until the last one returned, recording.
  var calls: Double
  /// From the last call's return (the client released) until the file
  /// held every entry.
  var finish: Double
  /// The whole recording: `calls` and `finish`.
  var total: Double { calls + finish }
}

/// Seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// A JSON answer that lists `count` distinct random 32-character tokens,
/// each under `access_token`, a name a recording hides: every one is
/// learned as a secret.
func tokenList(count: Int, seed: UInt64) -> Data {
  var state = seed
  let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
  let tokens = (0..<count).map { _ in
    String(
      (0..<32).map { _ in
        // SplitMix64: seeded, so every run lists the same tokens.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return letters[Int((z ^ (z >> 31)) % UInt64(letters.count))]
      })
  }
  let items = tokens.map { #"{"access_token":"\#($0)"}"# }
  return Data(#"{"tokens":[\#(items.joined(separator: ","))]}"#.utf8)
}

/// Sends `calls` GETs through `client`, each to its own path under `path`.
func send(_ client: HTTPClient, calls: Int, path: String) async throws {
  for index in 0..<calls {
    let data = try await client.data(for: Endpoint(.get, "\(path)/\(index)"))
    precondition(!data.isEmpty)
  }
}

/// Records `calls` GETs into `file` through a client of its own, which is
/// released when this returns; the seconds the calls took.
func record(
  to file: URL, baseURL: URL, token: String, calls: Int, path: String
) async throws -> Double {
  let client = HTTPClient.live(
    baseURL: baseURL, token: { token }, clock: { ContinuousClock() }, now: { Date() }
  ).replaying(.contentsOf(file, mode: .recordAll))
  let start = ContinuousClock.now
  try await send(client, calls: calls, path: path)
  return seconds(since: start)
}

/// Waits until `file` is a HAR file of `entries` entries; the instant of
/// the read that found it so. Fails after `limit` seconds.
func complete(_ file: URL, entries: Int, limit: Double = 600) async throws
  -> ContinuousClock.Instant
{
  let start = ContinuousClock.now
  while true {
    let seen = ContinuousClock.now
    if let archive = try? HTTPArchive(contentsOf: file), archive.count == entries {
      return seen
    }
    precondition(seconds(since: start) < limit, "\(file.path) never held \(entries) entries")
    try await Task.sleep(for: .milliseconds(1))
  }
}

/// Times one recording of `calls` GETs to `baseURL` into a new file in
/// `folder`, and the same calls without `.replaying`.
func timeRecording(
  baseURL: URL, calls: Int, path: String, folder: URL, name: String
) async throws -> RecordingTimes {
  let token = "bench-token-\(UUID().uuidString)"
  let plain = HTTPClient.live(
    baseURL: baseURL, token: { token }, clock: { ContinuousClock() }, now: { Date() })
  let networkStart = ContinuousClock.now
  try await send(plain, calls: calls, path: path)
  let network = seconds(since: networkStart)

  // A new file each time: a process records a path once.
  let file = folder.appendingPathComponent("\(name)-\(UUID().uuidString).har")
  let start = ContinuousClock.now
  let callSeconds = try await record(
    to: file, baseURL: baseURL, token: token, calls: calls, path: path)
  let done = try await complete(file, entries: calls)
  let total =
    Double((done - start).components.seconds)
    + Double((done - start).components.attoseconds) / 1e18
  return RecordingTimes(network: network, calls: callSeconds, finish: total - callSeconds)
}

/// Runs both recording cases `runs` times, printing each run and the
/// medians: 1,000 small exchanges in one file, and one answer that lists
/// 5,000 tokens (fewer, for `--brief`); only those whose names contain
/// `only`, if it is given.
func benchmarkRecording(
  smallURL: URL, tokensURL: URL, exchanges: Int, tokens: Int, runs: Int, folder: URL,
  only: String?
) async throws {
  print("Recording (each run: the calls without .replaying, then recorded to a new file):")
  let cases = [
    ("\(exchanges) small exchanges", smallURL, exchanges, "/items"),
    ("one answer listing \(tokens) tokens", tokensURL, 1, "/tokens"),
  ]
  for (label, url, calls, path) in cases where only.map(label.contains) ?? true {
    var totals: [Double] = []
    for run in 1...runs {
      let times = try await timeRecording(
        baseURL: url, calls: calls, path: path, folder: folder, name: path.dropFirst() + "")
      totals.append(times.total)
      print(
        String(
          format:
            "run %d, %@: recorded in %.3f s (calls %.3f s, then file complete %.3f s later); "
            + "the same calls without recording %.3f s; recording/network %.1fx",
          run, label, times.total, times.calls, times.finish, times.network,
          times.total / times.network))
    }
    let median = totals.sorted()[totals.count / 2]
    print(
      String(
        format: "median of %d, %@: %.3f s (goal well under 1 s: %@)", runs, label, median,
        median < 1 ? "pass" : "MISS"))
  }
}
