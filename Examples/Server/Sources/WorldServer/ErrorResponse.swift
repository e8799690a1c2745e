import Foundation
import Hummingbird

/// A JSON error answer: `{"error": "…", "header": "Time-Zone"}`, the
/// header or parameter that caused it named when there is one.
struct ErrorBody: Codable, Equatable, Sendable {
  var error: String
  var header: String?
  var parameter: String?
}

extension Response {
  /// A JSON answer with `status`.
  static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding these plain structs cannot fail.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return Response(
      status: status,
      headers: [.contentType: "application/json; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
  }

  /// A JSON error answer.
  static func error(
    _ status: HTTPResponse.Status, _ message: String, header: String? = nil,
    parameter: String? = nil
  ) -> Response {
    json(ErrorBody(error: message, header: header, parameter: parameter), status: status)
  }
}
