import Foundation

extension World {
  /// The locale that formatting and the calendar use: the user's, updating
  /// as they change it, in ``live``.
  public var locale: Locale {
    get { storage.fields.locale }
    set {
      update(.locale) {
        $0.locale = newValue
        $0.alignCalendar()
      }
    }
  }
}

extension FieldSet {
  static var locale: FieldSet { FieldSet(rawValue: 1 << 5) }
}

extension WorldStorage.Field {
  static let locale = Self(
    .locale, "locale", copy: { $0.locale = $1.locale },
    fixed: { world, _ in world.locale = Locale(identifier: "en_US_POSIX") })
}
