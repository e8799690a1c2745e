internal import CurrentWorldSupport
import Foundation

/// The formatters that ``World/dateFormatter(dateStyle:timeStyle:)`` hands
/// out, one per combination of locale, time zone, calendar and styles.
///
/// The key holds every input a formatter is built from, so a world whose
/// locale, time zone or calendar changed can never get a formatter built for
/// another one. The cache is shared by every world and scope, and is emptied
/// when it reaches ``limit`` entries.
struct DateFormatterCache: Sendable {
  struct Key: Hashable {
    let locale: Locale
    let timeZone: TimeZone
    let calendar: Calendar
    let dateStyle: DateFormatter.Style
    let timeStyle: DateFormatter.Style
  }

  /// How many formatters the cache keeps before it starts again.
  static let limit = 64

  /// The cache that every world uses.
  static let shared = DateFormatterCache()

  /// The formatters, and how many times the cache was emptied.
  private let state = Locked((formatters: [Key: SharedDateFormatter](), restarts: 0))

  /// How many formatters the cache holds now.
  var count: Int { state.withLock { $0.formatters.count } }

  /// How many times the cache has been emptied, to start again: a test
  /// that shares the cache with others tells an evicted formatter from one
  /// that was never cached.
  var restarts: Int { state.withLock { $0.restarts } }

  /// The formatter for `key`, built and cached on first use.
  func formatter(for key: Key) -> SharedDateFormatter {
    if let cached = state.withLock({ $0.formatters[key] }) {
      return cached
    }
    // Built outside the lock: ICU builds the formatter, and other threads
    // must not wait on that.
    let formatter = DateFormatter()
    formatter.locale = key.locale
    formatter.timeZone = key.timeZone
    formatter.calendar = key.calendar
    formatter.dateStyle = key.dateStyle
    formatter.timeStyle = key.timeStyle
    let shared = SharedDateFormatter(formatter)
    var evicted: [Key: SharedDateFormatter] = [:]
    let result = state.withLock { state in
      if let raced = state.formatters[key] { return raced }
      if state.formatters.count >= Self.limit {
        swap(&state.formatters, &evicted)
        state.restarts += 1
      }
      state.formatters[key] = shared
      return shared
    }
    // The evicted formatters are released here, after the lock opens.
    withExtendedLifetime(evicted) {}
    return result
  }
}
