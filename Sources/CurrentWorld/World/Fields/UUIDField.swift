import Foundation

extension World {
  /// Makes a new UUID: `UUID()` in ``live``, a counting generator in a test
  /// world.
  public var uuid: @Sendable () -> UUID {
    get { storage.fields.uuid }
    set { update(.uuid) { $0.uuid = newValue } }
  }
}

extension FieldSet {
  static var uuid: FieldSet { FieldSet(rawValue: 1 << 3) }
}

extension WorldStorage.Field {
  static let uuid = Self(
    .uuid, "uuid", copy: { $0.uuid = $1.uuid },
    fixed: { world, _ in world.uuid = World.countingUUIDs() })
}
