import CurrentWorld
import Foundation
import TestHelpers
import Testing

// It runs the demo as a process: `Process` exists on macOS and Linux only, not on
// iOS, tvOS or watchOS.
#if os(macOS) || os(Linux)
  /// Runs the built `world-demo` binary as a subprocess.
  @Suite struct WorldDemoTests {
    struct Run {
      var status: Int32
      var output: Data
      var errors: String
      var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// `world-demo` sits beside the test bundle in the build folder.
    static func binary() throws -> URL {
      let candidates =
        [
          URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
          Bundle.main.bundleURL.deletingLastPathComponent(),
        ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
      for folder in candidates {
        let url = folder.appendingPathComponent("world-demo")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
      }
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "world-demo"])
    }

    static func run(_ arguments: [String]) throws -> Run {
      let process = Process()
      process.executableURL = try binary()
      process.arguments = arguments
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let outputData = output.fileHandleForReading.readDataToEndOfFile()
      let errorData = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return Run(
        status: process.terminationStatus, output: outputData,
        errors: String(decoding: errorData, as: UTF8.self))
    }

    @Test func theDefaultRunIsDeterministic() throws {
      let first = try Self.run([])
      let second = try Self.run([])
      #expect(first.status == 0)
      #expect(first.output == second.output)
      #expect(first.text.contains("embedded fixture world (offline)"))
      for screen in [
        "== Dates ==", "== Pokemons ==", "== Cat fact ==", "== Movies ==", "== Books ==",
        "== Dog breeds ==", "== Notes ==",
      ] {
        #expect(first.text.contains(screen))
      }
      #expect(first.text.contains("  state: loading\n  state: loaded \"A cat's purr"))
      #expect(first.text.contains("analytics: fetched_movies"))
      #expect(first.text.contains("6 pokemons: bulbasaur"))
      #expect(first.text.contains("state: loaded 4: akita; basenji; hound; pug"))
      // Each run starts from a store and folders of its own.
      #expect(
        first.text.contains(
          "  launch 1: no note\n  saved note.txt in documents: 14 bytes\n"
            + "  launch 2: note \"Buy yerba mate\"\n"))
    }

    /// The platform's own full/full text for `date`.
    static func fullText(_ date: Date, locale: String, timeZone: String) -> String {
      platformFormatter(locale: locale, timeZone: TimeZone(identifier: timeZone)!).string(
        from: date)
    }

    @Test func localeAndTimeZoneChangeTheDateScreen() throws {
      let run = try Self.run(["--locale", "ja_JP", "--time-zone", "Asia/Tokyo"])
      let fixtureDate = Date(timeIntervalSince1970: 1_768_487_400)
      #expect(run.status == 0)
      let expected = Self.fullText(fixtureDate, locale: "ja_JP", timeZone: "Asia/Tokyo")
      #expect(run.text.contains("  full/full     \(expected)\n"))
      #expect(run.text != (try Self.run([])).text)
    }

    @Test func dateFlagAcceptsDistantFuture() throws {
      let run = try Self.run(["--date", "distantFuture", "--locale", "en-GB", "--time-zone", "UTC"])
      #expect(run.status == 0)
      #expect(run.text.contains(Self.fullText(.distantFuture, locale: "en-GB", timeZone: "UTC")))
    }

    @Test(arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["--locale"], "--locale needs a value"),
      (["--locale", "xx_YY"], "unknown locale 'xx_YY'"),
      (["--time-zone", "Mars/Olympus"], "unknown time zone 'Mars/Olympus'"),
      (["--date", "yesterday"], "invalid date 'yesterday'"),
      (["--countdown", "61"], "invalid countdown '61'"),
      (["--countdown", "soon"], "invalid countdown 'soon'"),
      (["--record"], "--record needs a value"),
      (["--record", "a", "--replay", "b"], "--record and --replay name one folder, once"),
      (["--live", "--replay", "b"], "--replay answers from files: it cannot be --live"),
    ])
    func badInputExitsNonZeroWithAMessage(_ arguments: [String], _ message: String) throws {
      let run = try Self.run(arguments)
      #expect(run.status == 64)
      #expect(run.errors.contains("world-demo: \(message)"))
      #expect(run.output.isEmpty)
    }

    @Test func aZeroCountdownLiftsOffAtOnceWithALaunchIdentifier() throws {
      // Zero seconds: the screen is wired to the clock without real waiting;
      // its ticks are tested on a TestClock in CountdownViewModelTests.
      let run = try Self.run(["--countdown", "0"])
      #expect(run.status == 0)
      #expect(run.text.hasPrefix("\n== Countdown ==\n  liftoff\n  launch "))
      let identifier = run.text.components(separatedBy: "launch ").last?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(identifier.flatMap(UUID.init(uuidString:)) != nil)
    }

    /// The recordings the example apps' tests replay, written by
    /// `world-demo --record` from the fixture world.
    static let recordings = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .appendingPathComponent("Recordings")

    /// Promise: `--replay` answers every screen's calls from the HAR files,
    /// and the screens show what they show on the fixtures.
    @Test func replayingTheRecordingsShowsTheFixtureScreens() throws {
      let replayed = try Self.run(["--replay", Self.recordings.path])
      let fixtures = try Self.run([])
      #expect(replayed.status == 0, "\(replayed.errors)")
      #expect(
        replayed.text.hasPrefix(
          "CurrentWorld demo: HAR recordings in \(Self.recordings.path) (offline)\n"))
      #expect(replayed.text.drop { $0 != "\n" } == fixtures.text.drop { $0 != "\n" })
    }

    /// Promise: `--record` writes a file per service, says so, and writes
    /// the bytes committed: recording the same answers again changes no
    /// byte, and no token is written.
    @Test func recordingAgainWritesTheCommittedFiles() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("world-demo-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      let run = try Self.run(["--record", folder.path])
      #expect(run.status == 0, "\(run.errors)")
      #expect(
        run.text.hasPrefix("CurrentWorld demo: embedded fixture world (offline), recorded to"))
      for name in ["catfact", "pokeapi", "themoviedb", "openlibrary", "dog"] {
        let written = try Data(contentsOf: folder.appendingPathComponent("\(name).har"))
        let committed = try Data(contentsOf: Self.recordings.appendingPathComponent("\(name).har"))
        #expect(written == committed, "\(name).har")
        #expect(
          run.errors.contains("CurrentWorld recorded HTTP answers to \(folder.path)/\(name).har"))
        #expect(written.range(of: Data("fixture-token".utf8)) == nil)
      }
    }

    /// Promise: a replay with no recorded answer for a call fails that call
    /// by name and sends nothing; the demo goes on and shows the error.
    @Test func aMissingRecordingFailsOnlyThatCall() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("world-demo-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      for name in ["pokeapi", "themoviedb", "openlibrary"] {
        try FileManager.default.copyItem(
          at: Self.recordings.appendingPathComponent("\(name).har"),
          to: folder.appendingPathComponent("\(name).har"))
      }
      let run = try Self.run(["--replay", folder.path])
      #expect(run.status == 0)
      #expect(run.errors.contains("\(folder.path)/catfact.har: there is no file at this path"))
      #expect(run.text.contains("6 pokemons: bulbasaur"))
    }

    @Test func helpExplainsTheOptions() throws {
      let run = try Self.run(["--help"])
      #expect(run.status == 0)
      #expect(run.text.hasPrefix("Usage: world-demo"))
      #expect(run.text.contains("--time-zone ID"))
      #expect(run.text.contains("--replay DIR"))
    }
  }
#endif
