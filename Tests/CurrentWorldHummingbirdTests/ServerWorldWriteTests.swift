#if Hummingbird
  import CurrentWorldHummingbird
  import CurrentWorldTesting
  import Foundation
  import HTTPTypes
  import Hummingbird
  import HummingbirdTesting
  import Testing

  /// Writes to the server's world while requests are in flight, and values
  /// whose `deinit` reads `Current` while a request replaces them.
  @Suite(.world, .timeLimit(.minutes(10))) struct ServerWorldWriteTests {
    init() {
      Current.date = { serverDate }
      Current.locale = Locale(identifier: "en_US")
      Current.timeZone = TimeZone(identifier: "Europe/Madrid")!
    }

    /// A request keeps the world it started in: a write to the server's
    /// world while the handler waits reaches the next request, not this one.
    @Test func aRequestKeepsTheWorldItStartedIn() async throws {
      let gate = Gate()
      let router = router(WorldMiddleware())
      router.get("held") { _, _ -> String in
        let before = Current.date()
        gate.arrive.yield()
        for await _ in gate.opened { break }
        return "\(before.timeIntervalSince1970) \(Current.date().timeIntervalSince1970)"
      }
      let later = serverDate.addingTimeInterval(3_600)
      try await Application(router: router).test(.router) { client in
        async let held = client.execute(uri: "/held", method: .get)
        for await _ in gate.arrived { break }
        Current.date = { later }
        gate.open.yield()
        let seconds = serverDate.timeIntervalSince1970
        #expect(String(buffer: try await held.body) == "\(seconds) \(seconds)")
        let next = try decodeSeen(try await client.execute(uri: "/seen", method: .get))
        #expect(next == .expected(later, locale: "en_US", zone: "Europe/Madrid"))
      }
    }

    /// Fifty writes to the server's world from a task of their own, beside
    /// fifty requests: each answer is one whole world that was written, and
    /// the request after the last write sees it.
    @Test func concurrentWritersMeetRequestsInFlight() async throws {
      let app = Application(router: router(WorldMiddleware()))
      let dates = (0...50).map { serverDate.addingTimeInterval(TimeInterval($0) * 60) }
      try await app.test(.router) { client in
        let answers = try await withThrowingTaskGroup(of: Seen?.self) { group in
          group.addTask {
            for date in dates.dropFirst() {
              Current.date = { date }
              await Task.yield()
            }
            return nil
          }
          for _ in 0..<50 {
            group.addTask { try decodeSeen(try await client.execute(uri: "/seen", method: .get)) }
          }
          return try await group.reduce(into: [Seen]()) { answers, seen in
            if let seen { answers.append(seen) }
          }
        }
        let written = Set(
          dates.map { Seen.expected($0, locale: "en_US", zone: "Europe/Madrid") }.map(\.text))
        #expect(answers.count == 50)
        #expect(answers.allSatisfy { written.contains($0.text) && $0.locale == "en_US" })
        let last = try decodeSeen(try await client.execute(uri: "/seen", method: .get))
        #expect(last == .expected(dates[50], locale: "en_US", zone: "Europe/Madrid"))
      }
    }

    /// The extension point puts a value in each request's world, and the
    /// handler replaces it twice: the value that the second write replaces is
    /// released during that write, and its `deinit` reads `Current` there,
    /// which must not be inside a lock (the debug lock traps).
    @Test func aDeinitThatReadsCurrentDuringARequestsWrite() async throws {
      let log = Log()
      let router = Router()
      router.add(
        middleware: WorldMiddleware { world, _, _ in world.witness = Witness("update", log) })
      router.get("replace") { _, _ -> String in
        Current.witness = Witness("first", log)
        Current.witness = Witness("second", log)
        return Current.locale.identifier
      }
      let locales = ["es_AR", "ja_JP", "th_TH", "fa_IR"]
      try await Application(router: router).test(.router) { client in
        for locale in locales {
          let language = locale.replacingOccurrences(of: "_", with: "-")
          let response = try await client.execute(
            uri: "/replace", method: .get, headers: headers(language: language))
          #expect(String(buffer: response.body) == locale)
        }
      }
      #expect(log.lines.filter { $0.hasPrefix("first") } == locales.map { "first \($0)" })
    }
  }

  /// Two one-shot signals between a handler and its test.
  final class Gate: Sendable {
    let (arrived, arrive) = AsyncStream<Void>.makeStream()
    let (opened, open) = AsyncStream<Void>.makeStream()
  }

  /// Lines that `deinit`s write, from any thread.
  final class Log: @unchecked Sendable {
    // Unchecked: `lock` guards `stored`. (Mutex needs macOS 15.)
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func append(_ line: String) { lock.withLock { stored.append(line) } }
  }

  /// An app value whose `deinit` reads `Current`, and writes what it saw.
  final class Witness: Sendable {
    let name: String
    let log: Log
    init(_ name: String, _ log: Log) {
      self.name = name
      self.log = log
    }
    deinit { log.append("\(name) \(Current.locale.identifier)") }
  }

  enum WitnessKey: WorldKey {
    static let liveValue: Witness? = nil
    static let testValue: Witness? = nil
  }

  extension World {
    var witness: Witness? {
      get { self[WitnessKey.self] }
      set { self[WitnessKey.self] = newValue }
    }
  }
#endif
