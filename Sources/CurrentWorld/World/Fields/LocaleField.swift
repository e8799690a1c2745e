import Foundation

extension World {
  /// The locale that formatting and the calendar use: the user's, updating
  /// as they change it, in ``live``.
  ///
  /// Writing a locale brings its own calendar, as a user in that locale
  /// sees dates: `th_TH` formats years of the Buddhist era, `ar_SA` dates
  /// of the Umm al-Qura calendar. A ``calendar`` that was written on
  /// purpose is kept instead, across every later locale write.
  ///
  /// ```swift
  /// Current.locale = Locale(identifier: "th_TH")
  /// Current.calendar.identifier  // .buddhist
  /// Current.calendar = Calendar(identifier: .gregorian)
  /// Current.locale = Locale(identifier: "ar_SA")
  /// Current.calendar.identifier  // .gregorian: set on purpose
  /// ```
  ///
  /// A world read earlier, given a locale and assigned back to `Current`,
  /// brings the locale only: the calendar then follows it where the
  /// destination's calendar was not set on purpose, and a calendar chosen
  /// there meanwhile is kept.
  public var locale: Locale {
    get { storage.fields.locale }
    // Only the locale counts as written, never the calendar it brought: a
    // merge decides the calendar by the destination's own rule.
    set { update(.locale) { $0.followLocale(newValue) } }
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
