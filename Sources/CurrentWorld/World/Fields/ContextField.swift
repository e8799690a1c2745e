extension World {
  /// Which value each app-defined key gives where nothing overrides it:
  /// its `liveValue`, `testValue` or `previewValue`. Backend APIs are such
  /// keys, so in the test context an API that a test did not override is
  /// its unimplemented test value. It is read when the key is read, in the
  /// world the code runs in.
  public var context: Context {
    get { storage.fields.context }
    set { update(.context) { $0.context = newValue } }
  }
}

extension FieldSet {
  static var context: FieldSet { FieldSet(rawValue: 1 << 0) }
}

extension WorldStorage.Field {
  static let context = Self(.context, "context", copy: { $0.context = $1.context })
}
