import CurrentWorldOpenAPI
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The transport a generated client would be given, answering every
/// request itself: a live world sends through it untouched.
struct Answering: ClientTransport {
  func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String)
    async throws -> (HTTPResponse, HTTPBody?)
  {
    (HTTPResponse(status: .ok), HTTPBody("\(operationID) \(request.path ?? "")"))
  }
}

let transport = WorldTransport(live: Answering())
let (response, body) = try await transport.send(
  HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/fact"), body: nil,
  baseURL: URL(string: "https://example.com")!, operationID: "getFact")
print("live: \(response.status.code) \(try await String(collecting: body!, upTo: 100))")
