import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let base = URL(string: "https://api.example/v1")!

/// The input's fields, separated by the byte 0x1E (record separator), so
/// that a field can hold CR, LF and NUL: method, path, query name, query
/// value, header name, header value, credential name, credential value,
/// token. Oracle: a typed `APIError`, or a request whose method, header
/// names and values, and token hold no CR, LF or NUL, as the endpoint gave
/// them (Foundation may drop such a header on its own, which must not be
/// what stops it) and as the request carries them; the same outcome twice.
@c(LLVMFuzzerTestOneInput)
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  var parts = text.split(separator: "\u{1E}", omittingEmptySubsequences: false).map(String.init)
  while parts.count < 9 { parts.append("") }
  let endpoint = Endpoint(HTTPMethod(rawValue: parts[0]), parts[1])
    .query(parts[2], parts[3].isEmpty ? nil : parts[3])
    .header(parts[4], parts[5])
    .credential(parts[6], parts[7])
    .authorized()
  let token = parts[8]
  let first = outcome(endpoint, token: token)
  if outcome(endpoint, token: token) != first {
    fatalError("\(text.debugDescription) built two different requests")
  }
  return 0
}

/// Whether `text` holds a byte that must never reach the wire.
func isUnsafe(_ text: String) -> Bool {
  text.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" || $0 == "\r\n" }
}

/// What building `endpoint` gives, checked for bytes that must not reach
/// the wire.
func outcome(_ endpoint: Endpoint, token: String) -> String {
  let request: URLRequest
  do {
    request = try endpoint.urlRequest(baseURL: base, defaultTimeout: 30, token: token)
  } catch {
    // `throws(APIError)`: the error is typed by the signature.
    return "error: \(error)"
  }
  let given = [endpoint.method.rawValue, token] + endpoint.headers.flatMap { [$0.key, $0.value] }
  for part in given where isUnsafe(part) {
    fatalError("CR, LF or NUL was accepted for the wire: \(part.debugDescription)")
  }
  var wire = [request.httpMethod ?? "", request.url?.absoluteString ?? ""]
  for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
    wire += [name, value]
  }
  for part in wire where isUnsafe(part) {
    fatalError("CR, LF or NUL reached the wire: \(part.debugDescription)")
  }
  return wire.joined(separator: "|")
}
