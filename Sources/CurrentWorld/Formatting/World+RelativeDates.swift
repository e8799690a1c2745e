import Foundation

extension World {
  /// `date` relative to this world's ``date``, as people say it: "in 3 days",
  /// "yesterday", "2 hours ago", in this world's locale, calendar and time
  /// zone.
  ///
  /// Anchored at the world's clock, not the machine's, so a test or a
  /// preview that fixes `Current.date` gets the same text every run:
  ///
  /// ```swift
  /// Current.relativeFormatted(Current.date().addingTimeInterval(3 * 86_400))  // "in 3 days"
  /// ```
  ///
  /// Uses `Date.AnchoredRelativeFormatStyle` where the platform has it (Linux,
  /// iOS 18, macOS 15 and later). Older Apple systems have only
  /// `Date.RelativeFormatStyle`, which measures from the machine's clock, so
  /// there the interval from the world's date is formatted from the
  /// machine's: the same text except where the two dates fall differently
  /// across a month's length or a daylight-saving change.
  ///
  /// - Parameters:
  ///   - date: The date to describe.
  ///   - presentation: `.named` ("yesterday") or `.numeric` ("1 day ago").
  ///   - unitsStyle: How units are written: `.wide`, `.abbreviated`,
  ///     `.narrow` or `.spellOut`.
  /// - Returns: The text.
  public func relativeFormatted(
    _ date: Date,
    presentation: Date.RelativeFormatStyle.Presentation = .named,
    unitsStyle: Date.RelativeFormatStyle.UnitsStyle = .wide
  ) -> String {
    let now = self.date()
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) {
      // The anchor is the date described; the input is the moment it is
      // described from.
      return Date.AnchoredRelativeFormatStyle(
        anchor: date, presentation: presentation, unitsStyle: unitsStyle, locale: locale,
        calendar: calendar
      ).format(now)
    }
    let style = Date.RelativeFormatStyle(
      presentation: presentation, unitsStyle: unitsStyle, locale: locale, calendar: calendar)
    return style.format(Date().addingTimeInterval(date.timeIntervalSince(now)))
  }
}
