import Foundation

extension World {
  /// Makes a new UUID: `UUID()` in ``live``, a counting generator in a test
  /// world.
  public var uuid: @Sendable () -> UUID {
    get { storage.fields.uuid }
    set { update(.uuid) { $0.uuid = newValue } }
  }
}

extension WorldStorage.Field {
  static let uuid = Self(3, "uuid") { $0.uuid = $1.uuid }
}
