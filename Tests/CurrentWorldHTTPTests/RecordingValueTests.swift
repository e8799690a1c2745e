import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Promise (#87): one `Recording` names what a test replays, and every
/// client takes it the same way: a string is a path next to the file of
/// the `replaying` call, `.file` one next to the file that names it, with
/// options, `.contentsOf` a file anywhere (a bundle's), `.archive` an
/// archive already read. Each form answers through `HTTPClient`,
/// `URLSession` and `URLSessionConfiguration`, from HAR/browser.har, which
/// sits next to this file and is copied into the test bundle.
@Suite struct RecordingValueTests {
  /// The body that HAR/browser.har recorded for `GET /fact?max_length=80`.
  static let fact = #"{"fact":"Cats sleep 70% of their lives.","length":30}"#

  /// HAR/browser.har, next to this file.
  static let besideThisFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("HAR/browser.har")

  /// The test bundle's copy of HAR/browser.har.
  static func inBundle() throws -> URL {
    try #require(
      Bundle.module.url(forResource: "browser", withExtension: "har", subdirectory: "HAR"))
  }

  /// A client whose own transport fails: only a replay answers it.
  static func offline() -> HTTPClient {
    HTTPClient(
      baseURL: URL(string: "https://catfact.ninja")!, clock: { ContinuousClock() },
      transport: { _ in throw URLError(.notConnectedToInternet) })
  }

  /// `https://catfact.ninja/fact?max_length=<maxLength>`.
  static func factURL(_ maxLength: String) -> URL {
    URL(string: "https://catfact.ninja/fact?max_length=\(maxLength)")!
  }

  /// Sends `GET /fact?max_length=<value>` and gives the body as text.
  typealias Ask = @Sendable (_ maxLength: String) async throws -> String

  /// Each client that `recording` makes, by name: an `HTTPClient`, a
  /// `URLSession`, and a session made from a `URLSessionConfiguration`.
  /// The `replaying` calls are in this file, so a string resolves next
  /// to it.
  static func clients(_ recording: Recording) -> [(name: String, ask: Ask)] {
    let client = offline().replaying(recording)
    let session = URLSession.replaying(recording)
    let configured = URLSession(configuration: .replaying(recording))
    return [
      (
        "HTTPClient",
        {
          String(
            decoding: try await client.data(for: Endpoint(.get, "/fact").query("max_length", $0)),
            as: UTF8.self)
        }
      ),
      (
        "URLSession",
        { String(decoding: try await session.data(from: factURL($0)).0, as: UTF8.self) }
      ),
      (
        "URLSessionConfiguration",
        { String(decoding: try await configured.data(from: factURL($0)).0, as: UTF8.self) }
      ),
    ]
  }

  /// The file that a miss names, from `APIError.noRecordedAnswer`.
  static func fileOfMiss(_ ask: Ask) async -> String? {
    do {
      _ = try await ask("1")
      return nil
    } catch APIError.noRecordedAnswer(_, _, let file) {
      return file
    } catch {
      return nil
    }
  }

  @Test(.world) func aStringIsAPathNextToTheFileOfTheReplayingCall() async throws {
    for (name, ask) in Self.clients("HAR/browser.har") {
      #expect(try await ask("80") == Self.fact, "\(name)")
    }
  }

  /// An interpolated string is a path too, resolved as a literal one.
  @Test(.world) func anInterpolatedStringIsAPathToo() async throws {
    let name = "browser"
    Current.urlSession = .replaying("HAR/\(name).har")
    let url = URL(string: "https://catfact.ninja/fact?max_length=80")!
    let (data, _) = try await Current.urlSession.data(from: url)
    #expect(String(decoding: data, as: UTF8.self) == Self.fact)
  }

  /// A string is resolved where `replaying` is called, not where the
  /// value was made; `.file` is resolved where it is named.
  @Test func aStringResolvesAtTheCallAndAFileWhereItIsNamed() async throws {
    let elsewhere: StaticString = "/elsewhere/Tests/Other.swift"
    let string: Recording = "HAR/browser.har"
    let log = ReportLog()
    await log.capture {
      let client = Self.offline().replaying(string, filePath: elsewhere)
      await #expect(throws: APIError.self) {
        try await client.data(for: Endpoint(.get, "/fact").query("max_length", "80"))
      }
    }
    #expect(log.messages.count == 1)
    #expect(
      log.messages.first?.contains("/elsewhere/Tests/HAR/browser.har") == true, "\(log.messages)")

    let file = Self.offline().replaying(.file("HAR/browser.har"), filePath: elsewhere)
    let answer = try await file.data(for: Endpoint(.get, "/fact").query("max_length", "80"))
    #expect(String(decoding: answer, as: UTF8.self) == Self.fact)
  }

  /// `.file`'s mode and redaction reach every client: the redacted query
  /// item is matched whatever its value, and a miss throws, naming the
  /// file next to this one.
  @Test(.world) func aFileCarriesItsOptions() async throws {
    let recording = Recording.file(
      "HAR/browser.har", mode: .replayThrowingMisses,
      redacting: HARRedaction(queryItems: ["max_length"]))
    for (name, ask) in Self.clients(recording) {
      #expect(try await ask("5") == Self.fact, "\(name)")
      #expect(await Self.fileOfMiss(ask) == Self.besideThisFile.path, "\(name)")
    }
  }

  /// `.file(strict: true)` reports the answers that no request took.
  @Test(arguments: [true, false]) func aFileCarriesStrict(strict: Bool) async throws {
    let log = ReportLog()
    try await log.capture {
      let client = Self.offline().replaying(.file("HAR/browser.har", strict: strict))
      _ = try await client.data(for: Endpoint(.get, "/fact").query("max_length", "80"))
    }
    #expect(log.messages.count == (strict ? 1 : 0), "\(log.messages)")
    #expect(log.messages.allSatisfy { $0.contains("recorded answer(s)") }, "\(log.messages)")
  }

  @Test(.world) func contentsOfReplaysABundlesFile() async throws {
    let file = try Self.inBundle()
    for (name, ask) in Self.clients(.contentsOf(file, mode: .replayThrowingMisses)) {
      #expect(try await ask("80") == Self.fact, "\(name)")
      #expect(await Self.fileOfMiss(ask) == file.path, "\(name)")
    }
  }

  @Test(.world) func anArchiveReplaysWithItsRedaction() async throws {
    let archive = try HTTPArchive(contentsOf: Self.inBundle())
    let recording = Recording.archive(archive, redacting: HARRedaction(queryItems: ["max_length"]))
    for (name, ask) in Self.clients(recording) {
      #expect(try await ask("5") == Self.fact, "\(name)")
    }
  }

  /// `.archive(strict: true)` reports the answers that no request took.
  @Test func anArchiveCarriesStrict() async throws {
    let archive = try HTTPArchive(contentsOf: Self.inBundle())
    let log = ReportLog()
    try await log.capture {
      let client = Self.offline().replaying(.archive(archive, strict: true))
      _ = try await client.data(for: Endpoint(.get, "/fact").query("max_length", "80"))
    }
    #expect(log.messages.count == 1, "\(log.messages)")
  }
}
