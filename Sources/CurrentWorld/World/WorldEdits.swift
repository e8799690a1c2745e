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
  var fields = FieldSet.none
  /// The app-defined dependencies written, by key type, without repeats.
  var keys = WrittenKeys()

  init(base: WorldStorage) {
    self.base = base
  }
}

/// A set of built-in fields, one bit each, a field's bit being its place in
/// ``WorldStorage/Field/all``.
///
/// Not an `OptionSet`: at `-Onone`, how tests run, its operations are
/// generic calls that cost more than the rest of a write.
struct FieldSet: Sendable {
  let rawValue: UInt64

  /// No field.
  static var none: FieldSet { FieldSet(rawValue: 0) }

  /// The fields that ``WorldStorage/Fields/alignCalendar()`` keeps in step.
  static var calendarTriple: FieldSet {
    FieldSet(rawValue: calendar.rawValue | locale.rawValue | timeZone.rawValue)
  }

  /// Whether this set and `other` share a field.
  func overlaps(_ other: FieldSet) -> Bool { rawValue & other.rawValue != 0 }

  /// Adds the fields of `other`.
  mutating func insert(_ other: FieldSet) { self = FieldSet(rawValue: rawValue | other.rawValue) }
}

extension WorldStorage.Fields {
  /// These fields with what `edits` wrote copied from `edited`, the fields
  /// of the world that made them: a write that landed since the edited
  /// world was read survives unless the edits wrote the same field.
  func merging(_ edits: WorldEdits, from edited: Self) -> Self {
    var merged = self
    let written = edits.fields
    for field in WorldStorage.Field.all where written.overlaps(field.bit) {
      field.copy(&merged, edited)
    }
    if written.overlaps(.locale) && !written.overlaps(.calendar) {
      // The locale brings its calendar by the destination's rule: a
      // calendar set on purpose there is kept (``World/locale``).
      merged.followLocale(merged.locale)
    } else if written.overlaps(.calendarTriple) {
      merged.alignCalendar()
    }
    for key in edits.keys {
      if let node = edited.dependencies?.node(for: key) {
        merged.dependencies = DependencyList.setting(node, in: merged.dependencies)
      }
    }
    return merged
  }
}

/// The app-defined keys a world wrote, in the order it first wrote them.
/// The first is kept inline, and the rest are `nil` until there are any: a
/// request's world, which writes one key (say, its logger), costs no array,
/// and at `-Onone` copying a world retains no empty one.
struct WrittenKeys: Sendable, Sequence {
  private var first: ObjectIdentifier?
  private var rest: [ObjectIdentifier]?

  func contains(_ key: ObjectIdentifier) -> Bool {
    first == key || rest?.contains(key) == true
  }

  mutating func append(_ key: ObjectIdentifier) {
    if first == nil {
      first = key
    } else if rest == nil {
      rest = [key]
    } else {
      rest!.append(key)
    }
  }

  func makeIterator() -> Iterator { Iterator(first: first, rest: (rest ?? []).makeIterator()) }

  /// `first`, then `rest`.
  struct Iterator: IteratorProtocol {
    var first: ObjectIdentifier?
    var rest: IndexingIterator<[ObjectIdentifier]>

    mutating func next() -> ObjectIdentifier? {
      if let key = first {
        first = nil
        return key
      }
      return rest.next()
    }
  }
}
