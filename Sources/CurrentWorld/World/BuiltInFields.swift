import Foundation

/// The table of built-in fields. Swift keeps a struct's stored properties in
/// its declaration, so each built-in field has one line in each part of this
/// table: its stored value with its live default, and its place in
/// ``WorldStorage/Field/all``. Everything else about the field (its
/// accessor and doc, its bit, how a merge copies it, its value in
/// ``World/fixed(at:)``) is in its own file in `World/Fields/`; `print`,
/// `dump`, merging, ``World/live``, ``World/fixed(at:)`` and the tests that
/// go through every field follow from here, and `World.test` sets every
/// field (a test checks it does). The prose lists of the fields are checked
/// by `.ci/check-field-lists.py`.
extension WorldStorage {
  /// The values a world is made of, each defaulting to its value in
  /// ``World/live``.
  struct Fields: Sendable {
    var context: World.Context = Fields.defaultContext
    var date: @Sendable () -> Date = { Date() }
    /// Boxed: at `-Onone`, how tests and debug apps run, reading any field
    /// copies the whole `Fields`, and copying an existential costs a call
    /// through its value witnesses on every read of `Current`.
    var clock = ClockBox(ContinuousClock())
    var uuid: @Sendable () -> UUID = { UUID() }
    // Not aligned (see `alignCalendar()`): the autoupdating calendar already
    // follows the user's time zone and locale, and comparing them would
    // resolve all three, which costs more than the rest of a release app's
    // first read of `Current`.
    var calendar = ChosenCalendar(value: Calendar.autoupdatingCurrent)
    var locale = Locale.autoupdatingCurrent
    var timeZone = TimeZone.autoupdatingCurrent
    var notifications = NotificationHub.live
    var preferredLocales = PreferredLocaleList(given: nil)
    var defaults = DefaultsChoice.byContext
    var directories = DirectoriesChoice.byContext
    var environment = EnvironmentValues(given: nil)
    var random = RandomSource.system
    /// App-defined dependencies that were set, by key type.
    var dependencies: DependencyList? = nil

    /// The context of a world that nobody gave one: the process's own
    /// (test in a test process, preview in an Xcode preview, else live).
    static let defaultContext = World.Context.process

    /// Makes the calendar compute in the world's time zone and locale, the
    /// one rule that keeps the three from disagreeing. Writes to those
    /// three call it; no other write can break the rule, so others skip
    /// its cost.
    mutating func alignCalendar() {
      if calendar.value.timeZone != timeZone { calendar.value.timeZone = timeZone }
      if calendar.value.locale != locale { calendar.value.locale = locale }
    }

    /// Writes `newLocale`, and with it the locale's own calendar (Buddhist
    /// for `th_TH`, Umm al-Qura for `ar_SA`), as a `DateFormatter` given
    /// only that locale computes, unless the calendar was set on purpose.
    /// The one rule for every world: tests, previews and each server
    /// request.
    mutating func followLocale(_ newLocale: Locale) {
      locale = newLocale
      if !calendar.setOnPurpose { calendar.value = newLocale.calendar }
      alignCalendar()
    }
  }
}

extension WorldStorage.Field {
  /// Every built-in field, in the order of ``WorldStorage/Fields``; a
  /// field's bit is its place here, and a test checks both orders agree.
  static let all: [Self] = [
    .context, .date, .clock, .uuid, .calendar, .locale, .timeZone, .notifications,
    .preferredLocales, .defaults, .directories, .environment, .random,
  ]
}
