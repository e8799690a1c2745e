internal import CurrentWorldSupport
import Foundation

/// A cached date formatter that many callers share, and that none of them can
/// change: ``World/dateFormatter(dateStyle:timeStyle:)`` returns one.
///
/// It formats and parses like the `DateFormatter` it wraps, from any thread,
/// and has no setters; to change a setting, take a copy of your own with
/// ``makeDateFormatter()``.
///
/// ```swift
/// let shared = Current.dateFormatter(dateStyle: .medium, timeStyle: .none)
/// let text = shared.string(from: Current.date())
///
/// let mine = shared.makeDateFormatter()   // a DateFormatter that is yours
/// mine.doesRelativeDateFormatting = true
/// ```
/// `@unchecked Sendable`: its formatter is never changed after init.
public final class SharedDateFormatter: @unchecked Sendable {
  // Never changed after init, and DateFormatter formats and parses from any
  // thread once configured (Apple documents this since iOS 7 and macOS
  // 10.9; corelibs Foundation guards its state with a lock).
  private let formatter: DateFormatter
  // Only corelibs Foundation (every platform but Apple's) traps, so only
  // there does a formatter carry a vocabulary.
  #if !canImport(Darwin)
    /// Made on the first parse of text that needs it (see
    /// ``FormatterVocabulary``).
    private let vocabulary = Locked<FormatterVocabulary?>(nil)

    /// The formatter's vocabulary, made outside the lock on first use: if
    /// two threads race, both make the same value and the first is kept.
    private func vocabularyOnce() -> FormatterVocabulary {
      if let made = vocabulary.withLock({ $0 }) { return made }
      let made = FormatterVocabulary(of: formatter)
      return vocabulary.withLock { stored in
        if let raced = stored { return raced }
        stored = made
        return made
      }
    }
  #endif

  init(_ formatter: DateFormatter) {
    self.formatter = formatter
  }

  /// The text for `date`.
  public func string(from date: Date) -> String {
    formatter.string(from: date)
  }

  /// The date that `string` denotes, or `nil` when it cannot be parsed.
  ///
  /// Any text is safe to pass, a user's input included. Text that would
  /// stop a plain `DateFormatter` on Linux (a combining mark after a digit,
  /// or on a letter where a name ends) is never a date this formatter
  /// writes, and is `nil` there. On Apple's systems, whose Foundation does
  /// not stop, this is the platform's own `date(from:)`.
  public func date(from string: String) -> Date? {
    #if !canImport(Darwin)
      guard FormatterVocabulary.isParseable(string, by: vocabularyOnce) else { return nil }
    #endif
    return formatter.date(from: string)
  }

  /// The locale it formats in.
  public var locale: Locale { formatter.locale }

  /// The time zone it formats in.
  public var timeZone: TimeZone { formatter.timeZone }

  /// The calendar it formats with.
  public var calendar: Calendar { formatter.calendar }

  /// How it writes the date.
  public var dateStyle: DateFormatter.Style { formatter.dateStyle }

  /// How it writes the time.
  public var timeStyle: DateFormatter.Style { formatter.timeStyle }

  /// The pattern its styles resolve to in its locale, such as `"MMM d, y"`.
  public var dateFormat: String { formatter.dateFormat }

  /// A new `DateFormatter` with the same settings, which only the caller
  /// holds: change it freely. Building one costs what building any
  /// `DateFormatter` costs, so keep it rather than making one per date.
  public func makeDateFormatter() -> DateFormatter {
    formatter.makeCopy()
  }
}

extension DateFormatter {
  /// A new formatter with this one's locale, time zone, calendar and
  /// styles.
  func makeCopy() -> DateFormatter {
    let copy = DateFormatter()
    copy.locale = locale
    copy.timeZone = timeZone
    copy.calendar = calendar
    copy.dateStyle = dateStyle
    copy.timeStyle = timeStyle
    return copy
  }
}
