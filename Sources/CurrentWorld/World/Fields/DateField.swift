import Foundation

extension World {
  /// Returns the current date: `Date()` in ``live``. Code that waits uses
  /// ``clock`` instead.
  public var date: @Sendable () -> Date {
    get { storage.fields.date }
    set { update(.date) { $0.date = newValue } }
  }
}

extension FieldSet {
  static var date: FieldSet { FieldSet(rawValue: 1 << 1) }
}

extension WorldStorage.Field {
  static let date = Self(
    .date, "date", copy: { $0.date = $1.date },
    fixed: { world, date in world.date = { date } })
}
