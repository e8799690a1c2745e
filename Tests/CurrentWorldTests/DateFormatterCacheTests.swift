import Foundation
import Testing

@testable import CurrentWorld

/// Promise: the formatter cache stays bounded, however many locales, time
/// zones and styles a process formats in, and still hands out a formatter
/// that matches its key after it starts again.
@Suite struct DateFormatterCacheTests {
  static func key(offsetHours: Int) -> DateFormatterCache.Key {
    DateFormatterCache.Key(
      locale: Locale(identifier: "en_US_POSIX"),
      timeZone: TimeZone(secondsFromGMT: offsetHours * 900)!,
      calendar: Calendar(identifier: .gregorian),
      dateStyle: .short, timeStyle: .short)
  }

  @Test func theCacheNeverHoldsMoreThanItsLimit() {
    let cache = DateFormatterCache()
    var most = 0
    for index in 0..<(DateFormatterCache.limit * 2 + 5) {
      _ = cache.formatter(for: Self.key(offsetHours: index % 96 - 48))
      most = max(most, cache.count)
    }
    #expect(most == DateFormatterCache.limit)
  }

  @Test func aFormatterAfterEvictionStillMatchesItsKey() {
    let cache = DateFormatterCache()
    for index in 0...DateFormatterCache.limit {
      _ = cache.formatter(for: Self.key(offsetHours: index % 96 - 48))
    }
    let key = Self.key(offsetHours: 5)
    #expect(cache.formatter(for: key).timeZone == key.timeZone)
    #expect(cache.formatter(for: key) === cache.formatter(for: key))
  }
}
