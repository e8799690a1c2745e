/// What was written to a ``World`` since it was read: the storage it was read
/// as, and which fields and app-defined keys were written.
///
/// `Current.locale = x` reads the world, changes the copy and writes it back.
/// When another write landed in between, the scope keeps that write and
/// copies the fields written here on top of it (see
/// ``WorldStorage/Fields/merging(_:from:)``), so concurrent writes to
/// different fields all survive.
///
/// Recording a write allocates nothing: a bit per built-in field, and a key
/// per app-defined dependency. Writes are how tests and `withWorld` set up a
/// world, so they are on the path that the benchmarks time.
struct WorldEdits: Sendable {
  /// The storage the world had before its first write.
  let base: WorldStorage
  /// The built-in fields written.
  var fields = WorldStorage.Field.none
  /// The app-defined dependencies written, by key type, without repeats.
  var keys: [ObjectIdentifier] = []

  init(base: WorldStorage) {
    self.base = base
  }
}

extension WorldStorage {
  /// A set of built-in fields, one bit each, in the order of
  /// ``WorldStorage/Fields``.
  ///
  /// Not an `OptionSet`: at `-Onone`, how tests run, its operations are
  /// generic calls that cost more than the rest of a write.
  struct Field: Sendable {
    let rawValue: UInt16

    static var context: Field { Field(rawValue: 1 << 0) }
    static var date: Field { Field(rawValue: 1 << 1) }
    static var clock: Field { Field(rawValue: 1 << 2) }
    static var uuid: Field { Field(rawValue: 1 << 3) }
    static var calendar: Field { Field(rawValue: 1 << 4) }
    static var locale: Field { Field(rawValue: 1 << 5) }
    static var timeZone: Field { Field(rawValue: 1 << 6) }
    static var notifications: Field { Field(rawValue: 1 << 7) }
    static var pokemonsAPI: Field { Field(rawValue: 1 << 8) }
    static var catFactAPI: Field { Field(rawValue: 1 << 9) }
    /// The fields that ``WorldStorage/Fields/alignCalendar()`` keeps in step.
    static var calendarTriple: Field { Field(rawValue: 1 << 4 | 1 << 5 | 1 << 6) }

    /// No field.
    static var none: Field { Field(rawValue: 0) }

    /// Whether this set and `other` share a field.
    func overlaps(_ other: Field) -> Bool { rawValue & other.rawValue != 0 }

    /// Adds the fields of `other`.
    mutating func insert(_ other: Field) { self = Field(rawValue: rawValue | other.rawValue) }

    /// Every built-in field; a test checks it against the stored properties
    /// of ``WorldStorage/Fields``.
    static let all: [Field] = [
      .context, .date, .clock, .uuid, .calendar, .locale, .timeZone, .notifications,
      .pokemonsAPI, .catFactAPI,
    ]
  }
}

extension WorldStorage.Fields {
  /// These fields with what `edits` wrote copied from `edited`, the fields
  /// of the world that made them: a write that landed since the edited
  /// world was read survives unless the edits wrote the same field.
  func merging(_ edits: WorldEdits, from edited: Self) -> Self {
    var merged = self
    let written = edits.fields
    if written.overlaps(.context) { merged.context = edited.context }
    if written.overlaps(.date) { merged.date = edited.date }
    if written.overlaps(.clock) { merged.clock = edited.clock }
    if written.overlaps(.uuid) { merged.uuid = edited.uuid }
    if written.overlaps(.calendar) { merged.calendar = edited.calendar }
    if written.overlaps(.locale) { merged.locale = edited.locale }
    if written.overlaps(.timeZone) { merged.timeZone = edited.timeZone }
    if written.overlaps(.notifications) { merged.notifications = edited.notifications }
    if written.overlaps(.pokemonsAPI) { merged.pokemonsAPI = edited.pokemonsAPI }
    if written.overlaps(.catFactAPI) { merged.catFactAPI = edited.catFactAPI }
    if written.overlaps(.calendarTriple) { merged.alignCalendar() }
    for key in edits.keys {
      if let node = edited.dependencies?.node(for: key) {
        merged.dependencies = DependencyList.setting(node, in: merged.dependencies)
      }
    }
    return merged
  }
}
