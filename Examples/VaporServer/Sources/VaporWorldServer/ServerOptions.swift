import CurrentWorldVapor
import Foundation

/// The command line of `world-server-vapor`: the same options as the
/// Hummingbird example's, so that one load check drives both.
public struct ServerOptions: Equatable, Sendable {
  /// The port to listen on.
  public var port = 8080
  /// The address to listen on.
  public var hostname = "127.0.0.1"
  /// A fixed date for every `Current.date()`, or the system clock.
  public var date: Date?
  /// The server's locale, which requests without `Accept-Language` get.
  public var locale: Locale?
  /// The server's time zone, which requests without `Time-Zone` get.
  public var timeZone: TimeZone?
  /// Serves without the world middleware: the load check's baseline.
  public var withoutWorlds = false
  /// Measures the middleware's cost in process, prints it, and exits.
  public var measure = false

  /// The problem with a command line, and the usage.
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, and how to write it.
    public var description: String
  }

  /// The defaults.
  public init() {}

  /// Options from a command line, without the program's name.
  public init(arguments: [String]) throws {
    var remaining = arguments[...]
    func value(for option: String) throws -> String {
      guard let value = remaining.popFirst() else {
        throw UsageError(description: "\(option) needs a value.\n\(Self.usage)")
      }
      return value
    }
    while let option = remaining.popFirst() {
      switch option {
      case "--port":
        let text = try value(for: option)
        guard let port = Int(text), (0...65_535).contains(port) else {
          throw UsageError(description: "--port \(text) is not a port from 0 to 65535.")
        }
        self.port = port
      case "--hostname": hostname = try value(for: option)
      case "--date":
        let text = try value(for: option)
        guard let date = try? Date(text, strategy: .iso8601) else {
          throw UsageError(
            description: "--date \(text) is not an ISO 8601 date, such as 2026-01-15T14:30:00Z.")
        }
        self.date = date
      case "--locale": locale = Locale(identifier: try value(for: option))
      case "--time-zone":
        let text = try value(for: option)
        guard let zone = TimeZone(identifier: text) else {
          throw UsageError(description: "--time-zone \(text) is not a time zone.")
        }
        timeZone = zone
      case "--no-world": withoutWorlds = true
      case "--measure-middleware": measure = true
      case "--help", "-h": throw UsageError(description: Self.usage)
      default: throw UsageError(description: "Unknown option \(option).\n\(Self.usage)")
      }
    }
  }

  /// Sets the process's world from the options, in `World.bootstrap`.
  public func configure(_ world: inout World) {
    if let date { world.date = { date } }
    if let locale { world.locale = locale }
    if let timeZone { world.timeZone = timeZone }
  }

  static let usage = """
    usage: world-server-vapor [--port 8080] [--hostname 127.0.0.1] [--date 2026-01-15T14:30:00Z]
                              [--locale en_US] [--time-zone Europe/Madrid] [--no-world]
                              [--measure-middleware]
    """
}
