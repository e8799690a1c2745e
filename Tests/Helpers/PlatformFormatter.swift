import Foundation

/// A `DateFormatter` configured by hand, as a test's expected text comes
/// from the platform's own formatter rather than from an article: ICU and
/// CLDR versions write the same date differently. The calendar is
/// Gregorian unless one is named; `nil` leaves the locale's own.
public func platformFormatter(
  locale: String, timeZone: TimeZone,
  calendar: Calendar.Identifier? = .gregorian,
  dateStyle: DateFormatter.Style = .full, timeStyle: DateFormatter.Style = .full
) -> DateFormatter {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: locale)
  formatter.timeZone = timeZone
  if let calendar { formatter.calendar = Calendar(identifier: calendar) }
  formatter.dateStyle = dateStyle
  formatter.timeStyle = timeStyle
  return formatter
}

/// What the platform's own `DateFormatter` writes for `date` with the
/// `.full` styles in `locale` and the time zone named `zone`, in the
/// locale's own calendar: what a server's request in that world answers.
public func platformFullText(_ date: Date, locale: String, zone: String) -> String {
  platformFormatter(locale: locale, timeZone: TimeZone(identifier: zone)!, calendar: nil)
    .string(from: date)
}
