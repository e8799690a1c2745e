import Foundation

extension World {
  /// A date formatter that follows this world's locale, time zone and
  /// calendar.
  ///
  /// The same world and styles give back the same cached formatter, which
  /// has no setters; ``SharedDateFormatter/makeDateFormatter()`` gives you a
  /// `DateFormatter` of your own to change.
  ///
  /// ```swift
  /// Current.locale = Locale(identifier: "es-AR")
  /// let text = Current.dateFormatter(dateStyle: .full, timeStyle: .full)
  ///   .string(from: Current.date())
  /// ```
  ///
  /// - Parameters:
  ///   - dateStyle: How the date is written.
  ///   - timeStyle: How the time is written.
  /// - Returns: The cached formatter.
  public func dateFormatter(
    dateStyle: DateFormatter.Style,
    timeStyle: DateFormatter.Style
  ) -> SharedDateFormatter {
    DateFormatterCache.shared.formatter(
      for: DateFormatterCache.Key(
        locale: locale,
        timeZone: timeZone,
        calendar: calendar,
        dateStyle: dateStyle,
        timeStyle: timeStyle
      )
    )
  }

  /// A `Date.FormatStyle` that follows this world's locale, time zone and
  /// calendar.
  ///
  /// - Parameters:
  ///   - date: How the date is written.
  ///   - time: How the time is written.
  /// - Returns: The format style.
  public func formatStyle(
    date: Date.FormatStyle.DateStyle,
    time: Date.FormatStyle.TimeStyle
  ) -> Date.FormatStyle {
    Date.FormatStyle(
      date: date,
      time: time,
      locale: locale,
      calendar: calendar,
      timeZone: timeZone
    )
  }

  /// Formats `date` in this world's locale, time zone and calendar.
  ///
  /// - Parameters:
  ///   - date: The date to format.
  ///   - dateStyle: How the date is written.
  ///   - timeStyle: How the time is written.
  /// - Returns: The formatted date.
  public func formatted(
    _ date: Date,
    date dateStyle: Date.FormatStyle.DateStyle,
    time timeStyle: Date.FormatStyle.TimeStyle
  ) -> String {
    date.formatted(formatStyle(date: dateStyle, time: timeStyle))
  }
}
