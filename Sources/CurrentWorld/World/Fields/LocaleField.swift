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

extension WorldStorage.Field {
  static let locale = Self(5, "locale") { $0.locale = $1.locale }
}
