import CurrentWorld
import CurrentWorldSupport
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Compressed bodies in a recording made with the default options: a gzip
/// request body and a gzip or deflate answer from a loopback server are
/// written decoded and redacted, and a replay of the same gzip request
/// matches; a body that claims gzip and does not decode, and compressed
/// data smuggled past redaction, are refused by the last check.
@Suite(.timeLimit(.minutes(10))) struct CompressedBodyTests {
  /// Planted under `api_key` in the gzip request body.
  static let apiKey = "RT-gzkey-7f3a9c2e51"
  /// Planted under `access_token` in the compressed answers.
  static let answerToken = "RT-gzresp-4b8d1e6f93"

  /// `{"api_key":apiKey,"city":"Lisbon","note":RedTeamTests.token}` in
  /// gzip, made by Python's `gzip` module.
  static let gzipRequest = InflateTests.bytes(
    "H4sIAAAAAAAC/6tWSizIjM9OrVSyUgoK0U2vAjJ1zdOMEy2TjVJNDZV0lJIzS0CSPpnFSfl5QH5efkkqRHFSamJRapGuQbJJ"
      + "ilGqpWGiuVItALJbFiVPAAAA")
  /// `{"api_key":apiKey,"city":"Lisbon"}` in gzip: only what is learned
  /// from the body tells that the key is a secret.
  static let gzipKeyOnly = InflateTests.bytes(
    "H4sIAAAAAAAC/6tWSizIjM9OrVSyUgoK0U2vAjJ1zdOMEy2TjVJNDZV0lJIzS0CSPpnFSfl5SrUAt7er4DEAAAA=")
  /// `{"access_token":answerToken,"city":"Lisbon"}` in gzip.
  static let gzipAnswer = InflateTests.bytes(
    "H4sIAAAAAAAC/6tWSkxOTi0uji/Jz07NU7JSCgrRTa8qSi0u0DVJskgxTDVLszRW0lFKziypBMr6ZBYn5ecp1QIAXsohHjcAAAA="
  )
  /// The same answer in zlib, as `Content-Encoding: deflate` sends it.
  static let zlibAnswer = InflateTests.bytes(
    "eJyrVkpMTk4tLo4vyc9OzVOyUgoK0U2vKkotLtA1SbJIMUw1S7M0VtJRSs4sqQTK+mQWJ+XnKdUCAAvqEiY=")

  /// The gzip upload, authorized with the client's bearer token.
  static func upload(_ body: [UInt8]) -> Endpoint {
    var endpoint = Endpoint(.post, "/upload")
      .header("Content-Type", "application/json")
      .header("Content-Encoding", "gzip")
      .authorized()
    endpoint.body = Data(body)
    return endpoint
  }

  /// The file's only entry.
  static func entry(in file: URL) throws -> [String: Any] {
    FileRecording.close(file)  // as the test's end
    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
    let entries = ((document as? [String: Any])?["log"] as? [String: Any])?["entries"]
    return try #require((entries as? [[String: Any]])?.first)
  }

  /// A body's text in an entry, and the JSON object it holds.
  static func json(_ text: Any?) throws -> [String: String] {
    let text = try #require(text as? String)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
  }

  /// Promise: a gzip request body that holds an API key and the client's
  /// own token, echoed by the server still compressed, is written
  /// decoded, as redacted JSON, with neither secret in any decoded form;
  /// a replay of the same gzip request matches its entry and answers.
  @Test func aGzipRequestBodyIsWrittenDecodedAndReplays() async throws {
    try await RedTeamTests.withFile { file in
      let server = try LoopbackServer { request in
        .respond(
          status: 200,
          headers: [
            "Content-Type": "application/json",
            "Content-Encoding": request.headers["content-encoding"] ?? "identity",
          ], body: request.body)
      }
      let live = try await RedTeamTests.recording(server.baseURL, to: file)
        .data(for: Self.upload(Self.gzipRequest))
      server.stop()
      let sent = try #require(server.requests.first)
      #expect(sent.body == Data(Self.gzipRequest), "the server got the gzip bytes")
      #expect(sent.headers["content-encoding"] == "gzip")
      #expect(
        sent.headers["authorization"] == "Bearer \(RedTeamTests.token)", "the token was sent")
      #expect(!live.isEmpty)

      try RedTeamTests.expectNoSecret([Self.apiKey, RedTeamTests.token], in: file)
      let entry = try Self.entry(in: file)
      let request = try #require(entry["request"] as? [String: Any])
      let postData = try #require(request["postData"] as? [String: Any])
      #expect(postData["encoding"] == nil, "written as text, not base64")
      let written = ["api_key": "REDACTED", "city": RedTeamTests.harmless, "note": "REDACTED"]
      #expect(try Self.json(postData["text"]) == written)
      let headers = request["headers"] as? [[String: String]] ?? []
      #expect(
        !headers.contains { $0["name"]?.lowercased() == "content-encoding" },
        "the body is written decoded, so its encoding is not: \(headers)")
      let content = try #require(
        (entry["response"] as? [String: Any])?["content"] as? [String: Any])
      #expect(try Self.json(content["text"]) == written, "the echo is written decoded")

      let replay = RedTeamTests.client(URL(string: "http://127.0.0.1:9")!)
        .replaying(.contentsOf(file, mode: .replayThrowingMisses))
      let answer = try await replay.data(for: Self.upload(Self.gzipRequest))
      let object = try JSONSerialization.jsonObject(with: answer) as? [String: String]
      #expect(object == written, "the replay answers with the recorded body")
    }
  }

  /// Promise: an answer the server compresses (gzip, or zlib as
  /// `deflate`) is written decoded and redacted, whether or not the
  /// session decoded it before the recording saw it.
  @Test(arguments: ["gzip", "deflate"])
  func aCompressedAnswerIsWrittenDecoded(encoding: String) async throws {
    try await RedTeamTests.withFile { file in
      let body = encoding == "gzip" ? Self.gzipAnswer : Self.zlibAnswer
      let server = try LoopbackServer { _ in
        .respond(
          status: 200,
          headers: ["Content-Type": "application/json", "Content-Encoding": encoding],
          body: Data(body))
      }
      let live = try await RedTeamTests.recording(server.baseURL, to: file)
        .data(for: Endpoint(.get, "/session"))
      server.stop()
      // FoundationNetworking decodes what it is sent; a transport that does
      // not hands the recording the compressed bytes.
      #expect(live == Data(body) || String(decoding: live, as: UTF8.self).contains("Lisbon"))
      try RedTeamTests.expectNoSecret([Self.answerToken], in: file)
      let content = try #require(
        (Self.entry(in: file)["response"] as? [String: Any])?["content"] as? [String: Any])
      #expect(content["encoding"] == nil, "written as text, not base64")
      #expect(
        try Self.json(content["text"]) == [
          "access_token": "REDACTED", "city": RedTeamTests.harmless,
        ])
    }
  }

  /// Promise: an answer still compressed when the recording gets it (a
  /// transport that does not decode, as FoundationNetworking does) is
  /// written decoded and redacted, without its `Content-Encoding`; the
  /// caller gets the bytes as they came.
  @Test(arguments: ["gzip", "x-gzip", "deflate"])
  func anAnswerStillCompressedIsWrittenDecoded(encoding: String) async throws {
    try await HARSecretTests.withFile { file in
      let body = Data(encoding == "deflate" ? Self.zlibAnswer : Self.gzipAnswer)
      let transport = HARTransport(
        file: file, mode: .recordAll, redaction: HARRedaction(), strict: false,
        place: .init(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
        environment: [:])
      let (data, _) = try await transport.send(
        URLRequest(url: URL(string: "https://api.example/session")!),
        live: { request in
          (
            body,
            HTTPURLResponse(
              url: request.url!, statusCode: 200, httpVersion: nil,
              headerFields: ["Content-Type": "application/json", "Content-Encoding": encoding])!
          )
        }, token: { HARSecretTests.token }, now: { HARSecretTests.recordedAt })
      #expect(data == body)
      try RedTeamTests.expectNoSecret([Self.answerToken], in: file)
      let response = try #require(Self.entry(in: file)["response"] as? [String: Any])
      let content = try #require(response["content"] as? [String: Any])
      #expect(content["encoding"] == nil, "written as text, not base64")
      #expect(
        try Self.json(content["text"]) == [
          "access_token": "REDACTED", "city": RedTeamTests.harmless,
        ])
      let headers = response["headers"] as? [[String: String]] ?? []
      #expect(!headers.contains { $0["name"]?.lowercased() == "content-encoding" })
    }
  }

  /// Promise: a request body that claims gzip and does not decode (its
  /// CRC is wrong) is not written in a form the last check cannot read:
  /// what its compressed data holds is learned and searched, so the
  /// recording that would hold the API key (or the token) is refused and
  /// nothing is written.
  @Test(arguments: [false, true])
  func aBodyThatClaimsGzipAndDoesNotDecodeIsSearchedInflated(withToken: Bool) async throws {
    try await RedTeamTests.withFile { file in
      var broken = withToken ? Self.gzipRequest : Self.gzipKeyOnly
      broken[broken.count - 8] ^= 0x01
      #expect(Inflate.gzip(broken) == nil)
      let server = try LoopbackServer { _ in .json(#"{"city":"Lisbon"}"#) }
      defer { server.stop() }
      // Made here, so that the log keeps the failure it reports.
      let client = RedTeamTests.client(server.baseURL).replaying(
        .contentsOf(file, mode: .recordAll))
      let log = ReportLog()
      try await log.capture {
        _ = try await client.data(for: Self.upload(broken))
        #expect(log.messages.isEmpty, "refused as the recording ends")
        FileRecording.close(file)  // as the test's end
      }
      let message = try #require(log.messages.first)
      #expect(
        message.contains("log.entries[0].request.postData.text holds a secret"), "\(message)")
      #expect(!message.contains(Self.apiKey) && !message.contains(RedTeamTests.token))
      #expect(!FileManager.default.fileExists(atPath: file.path), "nothing was written")
    }
  }

  /// `HARSecretTests.token` in gzip, as base64.
  static let smuggledGzip = "H4sIAAAAAAAC/yvJz9YPdnUOcg3RNU0yTLVMBAArdPXuEQAAAA=="
  /// `{"note":HARSecretTests.token}` in zlib, as unpadded URL-safe base64.
  static let smuggledZlib = "eJyrVsrLL0lVslIqyc_WD3Z1DnIN0TVNMky1TFSqBQCB2gio"

  /// Promise: the last check inflates compressed data wherever the file
  /// holds it as base64 (a header, a binary body, a JSON string): a
  /// secret smuggled past redaction that way is refused, naming where.
  @Test(arguments: [0, 1, 2])
  func theLastCheckInflatesBase64CompressedData(place: Int) async throws {
    try await HARSecretTests.withFile { file in
      let transport = HARTransport(
        file: file, mode: .recordAll, redaction: HARRedaction(), strict: false,
        place: .init(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
        environment: [:],
        afterRedaction: { entry in
          switch place {
          case 0:
            entry.response.headers?.append(
              HAR.NameValue(name: "X-Smuggled", value: Self.smuggledGzip))
          case 1:
            entry.response.content = HAR.Content(
              size: 0, compression: nil, mimeType: "application/octet-stream",
              text: Self.smuggledGzip, encoding: "base64")
          default:
            entry.response.content?.text = #"{"blob":"\#(Self.smuggledZlib)"}"#
          }
        })
      let log = ReportLog()
      try await log.capture {
        _ = try await transport.send(
          URLRequest(url: URL(string: "https://api.example/me")!),
          live: { request in
            (
              Data("{}".utf8),
              HTTPURLResponse(
                url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            )
          }, token: { HARSecretTests.token }, now: { HARSecretTests.recordedAt })
        FileRecording.close(file)  // as the test's end
      }
      let message = try #require(log.messages.first)
      let expectedPlace = [
        #"response.headers["X-Smuggled"]"#, "response.content.text", "response.content.text",
      ][place]
      #expect(message.contains("log.entries[0].\(expectedPlace) holds a secret"), "\(message)")
      #expect(!message.contains("SECRET"))
      #expect(!FileManager.default.fileExists(atPath: file.path), "nothing was written")
    }
  }
}
