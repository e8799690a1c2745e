import CurrentWorldHTTP
import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let token = "tok-SECRET-7f3a9c"
let key = "key-SECRET-91bc4e"
let url = URL(string: "https://api.example/v1/fact")!

/// What the app decodes.
struct Fact: Decodable, Equatable {
  var fact: String
  var length: Int
}

/// The input as an answer: a status line (a number), header lines
/// (`Name: value`), an empty line, then the body. Oracle: a value or a
/// typed `APIError`, never a crash; the token and the credential header's
/// value in no rendering of the error; the same outcome twice.
@c(LLVMFuzzerTestOneInput)
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: bytes, count: count))
  guard let (status, headers, body) = answer(data) else { return 0 }
  let first = call(status, headers, body)
  if call(status, headers, body) != first {
    fatalError("the same answer gave two outcomes: \(first)")
  }
  return 0
}

/// Splits the input into a status, headers and a body.
func answer(_ data: Data) -> (Int, [String: String], Data)? {
  let separator = Data("\n\n".utf8)
  let head = data.range(of: separator).map { data[..<$0.lowerBound] } ?? data
  let body = data.range(of: separator).map { data[$0.upperBound...] } ?? Data()
  let lines = String(decoding: head, as: UTF8.self).split(separator: "\n").map(String.init)
  guard let statusLine = lines.first, let status = Int(statusLine.prefix(6)) else { return nil }
  var headers: [String: String] = [:]
  for line in lines.dropFirst() {
    let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
    if pair.count == 2 { headers[pair[0]] = pair[1].trimmingCharacters(in: .whitespaces) }
  }
  return (status, headers, Data(body))
}

/// Calls the client on a transport that answers as given, and renders the
/// outcome, checking that no rendering of an error shows a secret.
func call(_ status: Int, _ headers: [String: String], _ body: Data) -> String {
  let transport: @Sendable (URLRequest) async throws -> (Data, URLResponse) = { request in
    guard
      let response = HTTPURLResponse(
        url: request.url ?? url, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: headers)
    else { throw URLError(.badServerResponse) }
    return (body, response)
  }
  // No timeout (0): the answer is at hand, and a deadline would race it.
  let client = HTTPClient(
    baseURL: URL(string: "https://api.example/v1")!, timeout: 0, token: { token },
    now: { Date(timeIntervalSince1970: 1_768_487_400) }, transport: transport)
  let endpoint = Endpoint(.get, "/fact").authorized().credential("X-API-Key", key)
  let result = Outcome()
  let done = DispatchSemaphore(value: 0)
  Task {
    do {
      result.text = "value: \(try await client.decode(Fact.self, from: endpoint))"
    } catch {
      let renderings = [
        "\(error)", String(reflecting: error), error.localizedDescription,
        (error as NSError).description, dumped(error),
      ]
      for rendering in renderings where rendering.contains(token) || rendering.contains(key) {
        fatalError("an error shows a secret: \(rendering)")
      }
      result.text = "error: \(error)"
    }
    done.signal()
  }
  done.wait()
  return result.text
}

func dumped(_ value: Any) -> String {
  var text = ""
  dump(value, to: &text)
  return text
}

/// The outcome of one call, handed from its task to the fuzzer's thread.
// `@unchecked Sendable`: written once by the task before it signals the
// semaphore, and read by the fuzzer's thread only after waiting on it.
final class Outcome: @unchecked Sendable {
  var text = ""
}
