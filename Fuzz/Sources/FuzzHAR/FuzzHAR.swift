import CurrentWorld
import CurrentWorldHTTP
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The most bytes a replayed body may have here.
let limit = 64

/// The requests replayed against the input: the kinds an app sends.
let endpoints: [Endpoint] = [
  Endpoint(.get, "/"),
  Endpoint(.get, "/fact").query("b", "2").query("a", "1"),
  Endpoint(.post, "/login").header("Content-Type", "application/json"),
  Endpoint(.get, "/img/cat.png"),
]

/// The input as a HAR file. Oracle: it reads, or fails with a ``HARError``
/// that names the file and a reason, never a crash; a client replaying it
/// gives each request a value or a typed `APIError`, never a body over the
/// response size limit, never reaches its own transport, and gives the
/// same outcomes twice.
@c(LLVMFuzzerTestOneInput)
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: bytes, count: count))
  let archive: HTTPArchive
  do {
    archive = try HTTPArchive(data: data, source: "input.har")
  } catch {
    if error.file != "input.har" || error.reason.isEmpty {
      fatalError("an error names no file or no reason: \(error)")
    }
    return 0
  }
  let first = replay(archive)
  if replay(archive) != first {
    fatalError("the same archive gave two outcomes: \(first)")
  }
  return 0
}

/// Sends every endpoint to a fresh client replaying `archive`, and renders
/// the outcomes.
func replay(_ archive: HTTPArchive) -> [String] {
  var client = HTTPClient(
    baseURL: URL(string: "https://api.example")!, timeout: 0, token: { nil },
    now: { Date(timeIntervalSince1970: 1_768_487_400) }
  ) { _ in
    fatalError("a replay reached the client's own transport")
  }.replaying(.archive(archive))
  client.responseSizeLimit = limit
  let result = Outcome()
  let done = DispatchSemaphore(value: 0)
  // Unmatched requests report to standard error; the fuzzer's log is no
  // place for thousands of them.
  let quiet = IssueReporter { _ in }
  Task {
    await IssueReporter.withCurrent(quiet) {
      for endpoint in endpoints {
        do {
          let body = try await client.data(for: endpoint)
          if body.count > limit { fatalError("a body of \(body.count) bytes passed the limit") }
          result.lines.append("value: \(body.count) bytes")
        } catch {
          result.lines.append("error: \(error)")
        }
      }
    }
    done.signal()
  }
  done.wait()
  return result.lines
}

/// The outcomes of one replay, handed from its task to the fuzzer's thread.
// `@unchecked Sendable`: written by the task before it signals the
// semaphore, and read by the fuzzer's thread only after waiting on it.
final class Outcome: @unchecked Sendable {
  var lines: [String] = []
}
