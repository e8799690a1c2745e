import CurrentWorld
import Foundation

/// The date screen: the current date, written in `Current`'s locale, time
/// zone and calendar.
///
/// ```swift
/// Current.locale = Locale(identifier: "es-AR")
/// print(DateViewModel().currentFormattedDate(dateStyle: .full, timeStyle: .full))
/// ```
@MainActor public struct DateViewModel {
  /// A date screen.
  ///
  /// ```swift
  /// let viewModel = DateViewModel()
  /// ```
  public init() {}

  /// `Current.date()`, formatted with `Current`'s cached formatter.
  ///
  /// ```swift
  /// let text = DateViewModel().currentFormattedDate(dateStyle: .long, timeStyle: .short)
  /// ```
  public func currentFormattedDate(
    dateStyle: DateFormatter.Style,
    timeStyle: DateFormatter.Style
  ) -> String {
    Current.dateFormatter(dateStyle: dateStyle, timeStyle: timeStyle).string(from: Current.date())
  }
}
