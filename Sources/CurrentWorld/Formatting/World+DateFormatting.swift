import Foundation

extension World {
  /// A date formatter that follows this world's locale, time zone and
  /// calendar.
  ///
  /// Formatters are cached: the same world and styles give back the same
  /// formatter, and a world with another locale, time zone or calendar gets
  /// its own. The formatter is shared and has no setters, so no caller can
  /// change what another one gets; ``SharedDateFormatter/makeDateFormatter()``
  /// gives you a `DateFormatter` of your own to change.
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
  /// calendar. Format styles are `Sendable` values, so they can cross
  /// concurrency domains freely.
  ///
  /// ```swift
  /// let style = Current.formatStyle(date: .abbreviated, time: .shortened)
  /// let text = Current.date().formatted(style)
  /// ```
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
  /// ```swift
  /// let text = Current.formatted(Current.date(), date: .complete, time: .complete)
  /// ```
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
