extension World {
  /// Which defaults the world gives where nothing overrides them: an
  /// app-defined key's live, test or preview value, and for the built-in
  /// APIs of ``live``, the service itself (live and preview) or a refusal
  /// that fails the test (test). It is decided when the API is called, by
  /// the world the call runs in.
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
