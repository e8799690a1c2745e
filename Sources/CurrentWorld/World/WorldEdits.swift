/// What was written to a ``World`` since it was read: the storage it was read
/// as, and which fields changed.
///
/// `Current.locale = x` reads the world, changes the copy and writes it back.
/// When another write landed in between, the scope keeps that write and takes
/// only the fields named here, so concurrent writes to different fields all
/// survive.
struct WorldEdits: Sendable {
  /// The storage the world had before its first write.
  var base: WorldStorage
  /// The built-in fields written.
  var fields: Field = []
  /// The app-defined keys written, or `nil` for none.
  var keys: Set<ObjectIdentifier>?

  /// The built-in fields of a world.
  struct Field: OptionSet, Sendable {
    let rawValue: UInt16
    static let calendar = Field(rawValue: 1 << 0)
    static let date = Field(rawValue: 1 << 1)
    static let locale = Field(rawValue: 1 << 2)
    static let timeZone = Field(rawValue: 1 << 3)
    static let notifications = Field(rawValue: 1 << 4)
    static let pokemonsAPI = Field(rawValue: 1 << 5)
    static let catFactAPI = Field(rawValue: 1 << 6)
    static let clock = Field(rawValue: 1 << 7)
    static let uuid = Field(rawValue: 1 << 8)
    static let context = Field(rawValue: 1 << 9)
  }
}
