import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

let base = URL(string: "https://api.example/v1")!

/// The input's lines: method, path, query name, query value, header name,
/// header value, credential name, credential value, token. Oracle: a typed
/// `APIError`, or a request in which no CR, LF or NUL reaches the wire (the
/// method, the URL, any header); the same outcome twice.
@c(LLVMFuzzerTestOneInput)
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
  var wire = [request.httpMethod ?? "", request.url?.absoluteString ?? ""]
  for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
    wire += [name, value]
  }
  for part in wire where part.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
    fatalError("CR, LF or NUL reached the wire: \(part.debugDescription)")
  }
  return wire.joined(separator: "|")
}
