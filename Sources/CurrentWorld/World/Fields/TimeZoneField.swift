import Foundation

extension World {
  /// The time zone that formatting and the calendar use: the user's,
  /// updating as they change it, in ``live``.
  public var timeZone: TimeZone {
    get { storage.fields.timeZone }
    set {
      update(.timeZone) {
        $0.timeZone = newValue
        $0.alignCalendar()
      }
    }
  }
}

extension FieldSet {
  static var timeZone: FieldSet { FieldSet(rawValue: 1 << 6) }
}

extension WorldStorage.Field {
  static let timeZone = Self(
    .timeZone, "timeZone", copy: { $0.timeZone = $1.timeZone },
    fixed: { world, _ in world.timeZone = TimeZone(identifier: "UTC")! })
}
