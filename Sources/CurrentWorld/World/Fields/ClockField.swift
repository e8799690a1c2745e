extension World {
  /// The clock that code waits on: `ContinuousClock` in ``live``. The HTTP
  /// client's timeout sleeps on it too, so a `TestClock` controls that.
  public var clock: any Clock<Duration> {
    get { storage.fields.clock.clock }
    set { update(.clock) { $0.clock = ClockBox(newValue) } }
  }
}

extension FieldSet {
  static var clock: FieldSet { FieldSet(rawValue: 1 << 2) }
}

extension WorldStorage.Field {
  static let clock = Self(.clock, "clock", copy: { $0.clock = $1.clock })
}
