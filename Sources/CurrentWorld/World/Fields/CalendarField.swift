import Foundation

extension World {
  /// The calendar, which always computes in this world's ``timeZone`` and
  /// ``locale``, whichever of the three was written last.
  ///
  /// Writing a calendar sets its system (identifier, first weekday, minimum
  /// days in the first week); to compute in Tokyo, write ``timeZone``, not
  /// `calendar.timeZone`.
  public var calendar: Calendar {
    get { storage.fields.calendar }
    set {
      update(.calendar) {
        $0.calendar = newValue
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
    .calendar, "calendar", copy: { $0.calendar = $1.calendar },
    fixed: { world, _ in world.calendar = Calendar(identifier: .gregorian) })
}
