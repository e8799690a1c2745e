import Foundation

/// `print` and `dump` show a world as one summary per field, and never a
/// field's contents: an identifier for the context, calendar, locale and
/// time zone, the type's name for everything else (closures, the clock, the
/// hub), and for app-defined dependencies only how many were set. So a
/// world in a log shows no secret that a field's value holds, such as a
/// token captured by a closure. A new field is summarized by its type's
/// name unless `summary(of:)` names it; name one only if its identifier can
/// never be a secret.
extension World: CustomStringConvertible, CustomReflectable {
  /// The world's fields on one line, closures as their types:
  /// `World(context: test, date: () -> Date, locale: en_US_POSIX, …)`.
  public var description: String {
    "World(\(summaries.map { "\($0.label): \($0.summary)" }.joined(separator: ", ")))"
  }

  /// The world's fields, for `dump` and the debugger, in place of its
  /// private storage: each as the summary that ``description`` shows, so
  /// `dump` does not descend into a field's value.
  public var customMirror: Mirror {
    Mirror(
      self, children: summaries.map { (label: $0.label, value: $0.summary) },
      displayStyle: .struct)
  }

  /// Each stored field's label and summary, in the table's order.
  private var summaries: [(label: String, summary: String)] {
    Mirror(reflecting: storage.fields).children.map { child in
      switch child.value {
      case let list as DependencyList?:
        ("app-defined dependencies", list.map { "\($0.count) set" } ?? "none set")
      case let box as ClockBox:
        (child.label ?? "", Self.summary(of: box.clock))
      case let chosen as ChosenCalendar:
        (child.label ?? "", "\(chosen.value.identifier)")
      case let list as PreferredLocaleList:
        (child.label ?? "", list.locales.map(\.identifier).joined(separator: ", "))
      default:
        (child.label ?? "", Self.summary(of: child.value))
      }
    }
  }

  /// A short rendering of a field's value: an identifier where the value
  /// has one, the type's name otherwise, so no closure is called.
  private static func summary(of value: Any) -> String {
    switch value {
    case let context as Context: context.rawValue
    case let calendar as Calendar: "\(calendar.identifier)"
    case let locale as Locale: locale.identifier
    case let zone as TimeZone: zone.identifier
    default:
      // A closure's type without its `@Sendable`, which every field has.
      String(describing: type(of: value)).replacingOccurrences(of: "@Sendable ", with: "")
    }
  }
}
