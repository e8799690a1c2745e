import Foundation

extension World {
  /// The calendar, which always computes in this world's ``timeZone`` and
  /// ``locale``, whichever of the three was written last.
  ///
  /// Until it is written, the calendar is the locale's own: a write of
  /// ``locale`` brings that locale's calendar. Writing one sets its system
  /// (identifier, first weekday, minimum days in the first week) on
  /// purpose, and later locale writes keep it. To compute in Tokyo, write
  /// ``timeZone``, not `calendar.timeZone`.
  public var calendar: Calendar {
    get { storage.fields.calendar.value }
    set {
      update(.calendar) {
        $0.calendar = ChosenCalendar(value: newValue, setOnPurpose: true)
        $0.alignCalendar()
      }
    }
  }
}

extension FieldSet {
  static var calendar: FieldSet { FieldSet(rawValue: 1 << 4) }
}

extension WorldStorage.Field {
  static let calendar = Self(
    .calendar, "calendar",
    copy: { $0.calendar = $1.calendar },
    // Follows the locale again, whose fixed value, `en_US_POSIX`, brings
    // the Gregorian calendar: a test that writes a locale sees its calendar.
    fixed: { world, _ in world.update(.calendar) { $0.calendar.setOnPurpose = false } })
}

/// The calendar field's stored value: the calendar, and whether it was
/// written on purpose. Until it is, a write of ``World/locale`` brings that
/// locale's own calendar (``WorldStorage/Fields/followLocale(_:)``); a merge
/// or a reset copies both together.
struct ChosenCalendar: Sendable {
  var value: Calendar
  var setOnPurpose = false
}
