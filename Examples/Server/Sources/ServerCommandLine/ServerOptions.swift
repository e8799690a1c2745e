import CurrentWorld
import Foundation

/// Both example servers' command line: `--port`, `--hostname`, `--date`,
/// `--locale`, `--time-zone` and `--live`.
public struct ServerOptions: Equatable, Sendable {
  /// The port to listen on.
  public var port = 8080
  /// The address to listen on.
  public var hostname = "127.0.0.1"
  /// A fixed date for every request, or `nil` for the system clock's.
  public var date: Date?
  /// The locale of a request that asks for none that the server has.
  public var locale: Locale?
  /// The time zone of a request without a `Time-Zone` header.
  public var timeZone: TimeZone?
  /// Whether `world-server`'s `/catfact` asks the real API instead of the
  /// embedded fixture.
  public var live = false

  /// What went wrong with the command line.
  public struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, and the usage.
    public var description: String
  }

  /// The defaults.
  public init() {}

  /// Parses `arguments`, the program's name excluded.
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
      case "--live": live = true
      case "--help", "-h": throw UsageError(description: Self.usage)
      default: throw UsageError(description: "Unknown option \(option).\n\(Self.usage)")
      }
    }
  }

  /// The server's world, from these options: the date, locale and time
  /// zone they fix.
  public func configure(_ world: inout World) {
    if let date { world.date = { date } }
    if let locale { world.locale = locale }
    if let timeZone { world.timeZone = timeZone }
  }

  static let usage = """
    usage: world-server|world-server-vapor [--port 8080] [--hostname 127.0.0.1]
           [--date 2026-01-15T14:30:00Z] [--locale en_US] [--time-zone Europe/Madrid]
           [--live (world-server's /catfact)]
    """
}
