import Foundation

/// What the command line asked for.
struct DemoOptions: Equatable {
  var live = false
  var locale: Locale?
  var timeZone: TimeZone?
  var date: Date?
  var countdown: Int?
  var help = false
  /// The folder of HAR files that `--record` writes or `--replay` reads.
  var recordings: URL?
  /// Whether the API calls are recorded (`--record`) rather than replayed.
  var record = false

  /// Where the screens' data comes from, as the first line says.
  var source: String {
    let apis = live ? "live APIs" : "embedded fixture world (offline)"
    guard let recordings else { return apis }
    return record
      ? "\(apis), recorded to \(recordings.path)"
      : "HAR recordings in \(recordings.path) (offline)"
  }

  static let usage = """
    Usage: world-demo [--live] [--record DIR | --replay DIR] [--locale ID]
                      [--time-zone ID] [--date DATE]
           world-demo --countdown SECONDS

    Runs the example screens (Dates, Pokemons, CatFact, Movies, Books, Dog
    breeds, Notes) in the terminal and prints every state each screen goes
    through. Notes keeps its setting and file in a store and folders of the
    run's own, removed as it exits.

    Options:
      --live            Use the real APIs instead of the embedded fixture world.
                        (Movies needs TMDB_API_TOKEN in the environment.)
      --record DIR      Record every API call to a HAR file per service in DIR
                        (catfact.har, pokeapi.har, themoviedb.har,
                        openlibrary.har), from the fixtures, or with --live
                        from the real APIs. No token is written.
      --replay DIR      Answer every API call from the HAR files in DIR,
                        offline; a call with no recorded answer fails.
      --locale ID       The locale, such as es-AR or ja_JP.
      --time-zone ID    The time zone, such as America/Argentina/Buenos_Aires or UTC.
      --date DATE       The current date: ISO 8601 (2026-01-15T14:30:00Z),
                        distantPast or distantFuture.
      --countdown SECONDS
                        Run only the Countdown screen: a launch identifier
                        from Current.uuid, then a tick a second on
                        Current.clock (the real clock), from 0 to 60 seconds.
      -h, --help        Show this help.
    """

  /// A command line that cannot be run, and why.
  struct Problem: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// Parses `arguments`, the command line without the program's name.
  static func parse(_ arguments: [String]) throws(Problem) -> DemoOptions {
    var options = DemoOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--live":
        options.live = true
      case "-h", "--help":
        options.help = true
      case "--locale":
        options.locale = try locale(value(for: argument, from: &remaining))
      case "--time-zone":
        options.timeZone = try timeZone(value(for: argument, from: &remaining))
      case "--date":
        options.date = try date(value(for: argument, from: &remaining))
      case "--countdown":
        options.countdown = try seconds(value(for: argument, from: &remaining))
      case "--record", "--replay":
        guard options.recordings == nil else {
          throw Problem(description: "--record and --replay name one folder, once")
        }
        options.recordings = URL(fileURLWithPath: try value(for: argument, from: &remaining))
        options.record = argument == "--record"
      default:
        throw Problem(description: "unknown option '\(argument)'")
      }
    }
    if options.live, options.recordings != nil, !options.record {
      throw Problem(description: "--replay answers from files: it cannot be --live")
    }
    return options
  }

  private static func value(
    for option: String, from remaining: inout ArraySlice<String>
  ) throws(Problem) -> String {
    guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
      throw Problem(description: "\(option) needs a value")
    }
    return value
  }

  private static func locale(_ identifier: String) throws(Problem) -> Locale {
    let canonical = identifier.replacingOccurrences(of: "-", with: "_")
    guard Locale.availableIdentifiers.contains(canonical) else {
      throw Problem(description: "unknown locale '\(identifier)' (try es-AR, en-GB or ja_JP)")
    }
    return Locale(identifier: identifier)
  }

  private static func seconds(_ text: String) throws(Problem) -> Int {
    guard let seconds = Int(text), (0...60).contains(seconds) else {
      throw Problem(description: "invalid countdown '\(text)' (use whole seconds from 0 to 60)")
    }
    return seconds
  }

  private static func timeZone(_ identifier: String) throws(Problem) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else {
      throw Problem(description: "unknown time zone '\(identifier)' (try UTC or Asia/Tokyo)")
    }
    return zone
  }

  private static func date(_ text: String) throws(Problem) -> Date {
    switch text {
    case "distantPast": return .distantPast
    case "distantFuture": return .distantFuture
    default:
      guard let date = try? Date(text, strategy: .iso8601) else {
        throw Problem(
          description:
            "invalid date '\(text)' (use ISO 8601 such as 2026-01-15T14:30:00Z, distantPast or distantFuture)"
        )
      }
      return date
    }
  }
}
