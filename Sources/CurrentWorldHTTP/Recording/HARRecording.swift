import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns an exchange into the HAR entry a recording writes: redacted,
/// headers sorted by name, compressed bodies decoded (see
/// ``ContentCoding``), bodies as text when they are UTF-8 (base64
/// otherwise), and the time from the client's `now`, so that the same
/// answers recorded in the same world give the same bytes.
enum HARRecording {
  /// Headers that describe one transfer, not the answer: never written, so
  /// that recording again changes nothing. `Content-Encoding` and
  /// `Content-Length` go too, as the body is stored decoded.
  static let transferHeaders: Set<String> = [
    "connection", "content-encoding", "content-length", "date", "keep-alive", "transfer-encoding",
  ]

  static func document(_ entries: [HAR.Entry]) -> HAR.Document {
    HAR.Document(
      log: HAR.Log(
        version: "1.2", creator: HAR.Creator(name: "CurrentWorldHTTP", version: "1"),
        entries: entries))
  }

  static func entry(
    request: URLRequest, data: Data, response: URLResponse, started: Date, milliseconds: Double,
    redaction: HARRedactor
  ) -> HAR.Entry {
    let server = request.url ?? URL(fileURLWithPath: "/")
    let url = RecordedOrigin.written(redaction.url(server))
    // A compressed body is written decoded, without the headers that
    // described its compressed bytes.
    let sent = request.httpBody ?? Data()
    let decoded = ContentCoding.decodedRequestBody(
      sent, encoding: ContentCoding.encoding(of: request))
    let requestHeaders = (request.allHTTPHeaderFields ?? [:]).compactMap {
      name, value -> HAR.NameValue? in
      if decoded != nil, ["content-encoding", "content-length"].contains(name.lowercased()) {
        return nil
      }
      // A name can hold a secret too (a server that echoes one as a
      // header's name).
      return HAR.NameValue(
        name: redaction.text(name),
        value: redaction.header(name, RecordedOrigin.written(value, from: server), inRequest: true))
    }
    // JSON that the app sends is written with its keys sorted: an encoder
    // that does not sort may change the order between calls.
    let requestBody = RequestKey.normalized(redaction.body(decoded ?? sent))
    let requestText = Self.text(requestBody)
    let http = response as? HTTPURLResponse
    let responseHeaders = (http?.allHeaderFields ?? [:]).compactMap {
      name, value -> HAR.NameValue? in
      let name = String(describing: name)
      guard !transferHeaders.contains(name.lowercased()) else { return nil }
      let value = RecordedOrigin.written(String(describing: value), from: server)
      return HAR.NameValue(name: redaction.text(name), value: redaction.header(name, value))
    }
    let body = redaction.body(
      ContentCoding.decodedResponseBody(data, encoding: ContentCoding.encoding(of: response))
        ?? data)
    let (text, encoding) = Self.text(body)
    let status = http?.statusCode ?? 200
    let time = (milliseconds * 1000).rounded() / 1000
    return HAR.Entry(
      startedDateTime: date(started),
      time: time,
      request: HAR.Request(
        method: request.httpMethod ?? "GET",
        url: url.absoluteString,
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: sorted(requestHeaders),
        queryString: (URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []).map
        {
          HAR.NameValue(name: $0.name, value: $0.value ?? "")
        },
        postData: requestBody.isEmpty
          ? nil
          : HAR.PostData(
            mimeType: request.value(forHTTPHeaderField: "Content-Type")
              ?? "application/octet-stream",
            text: requestText.text, encoding: requestText.encoding),
        headersSize: -1,
        bodySize: requestBody.count),
      response: HAR.Response(
        status: status,
        statusText: HTTPURLResponse.localizedString(forStatusCode: status),
        httpVersion: "HTTP/1.1",
        cookies: [],
        headers: sorted(responseHeaders),
        content: HAR.Content(
          size: body.count, compression: nil,
          mimeType: http?.value(forHTTPHeaderField: "Content-Type") ?? "", text: text,
          encoding: encoding),
        redirectURL: http?.value(forHTTPHeaderField: "Location").map {
          redaction.url(text: RecordedOrigin.written($0, from: server))
        } ?? "",
        headersSize: -1,
        bodySize: body.count),
      cache: HAR.Cache(),
      timings: HAR.Timings(send: 0, wait: time, receive: 0))
  }

  /// The entry of a request that got no answer: status 0, as browsers
  /// write one, with the error's code in `_error`, so that a replay fails
  /// as the request did.
  static func failure(
    request: URLRequest, error: URLError, started: Date, milliseconds: Double,
    redaction: HARRedactor
  ) -> HAR.Entry {
    let empty = HTTPURLResponse(
      url: request.url ?? URL(fileURLWithPath: "/"), statusCode: 200, httpVersion: nil,
      headerFields: [:])!
    var entry = entry(
      request: request, data: Data(), response: empty, started: started,
      milliseconds: milliseconds, redaction: redaction)
    entry.response = HAR.Response(
      status: 0, statusText: "", httpVersion: "", cookies: [], headers: [],
      content: HAR.Content(size: 0, compression: nil, mimeType: "", text: "", encoding: nil),
      redirectURL: "", headersSize: -1, bodySize: 0,
      error: "\(HTTPArchive.Exchange.domain) \(error.code.rawValue)")
    return entry
  }

  /// A body as HAR text: itself when it is UTF-8 that reads back as the
  /// same bytes (a byte order mark does not), else base64.
  private static func text(_ body: Data) -> (text: String, encoding: String?) {
    if let text = String(data: body, encoding: .utf8), Data(text.utf8) == body {
      return (text, nil)
    }
    return (body.base64EncodedString(), "base64")
  }

  /// Headers in the order of their names, without case, then values.
  private static func sorted(_ headers: [HAR.NameValue]) -> [HAR.NameValue] {
    headers.sorted { ($0.name.lowercased(), $0.value) < ($1.name.lowercased(), $1.value) }
  }

  /// An ISO 8601 date with milliseconds, in UTC, as browsers write it.
  private static func date(_ date: Date) -> String {
    // A format style, not an ISO8601DateFormatter: making one of those per
    // entry was a seventh of a recording's time.
    date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }
}
