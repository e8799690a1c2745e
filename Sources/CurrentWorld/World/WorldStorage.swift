import Foundation

/// The fields of one ``World``, behind a single immutable reference.
///
/// A `World` holds one `WorldStorage`, so reading a field of `Current` copies
/// one pointer rather than every field, and its fields are `let`s, so a read
/// needs no exclusivity check. A write builds a new storage (see
/// ``World/update(_:_:)``); a storage is never changed once made. The fields
/// are declared in `BuiltInFields.swift`.
final class WorldStorage: Sendable {
  let fields: Fields

  init(_ fields: consuming Fields) {
    // Moved, not copied: at `-Onone` a copy retains every field, and a
    // write makes a storage.
    self.fields = consume fields
  }

  /// One built-in field, as a write records it and a merge copies it.
  struct Field: Sendable {
    /// The field's bit: its place in ``all``. Declared as a constant in
    /// ``FieldSet`` too, which is what a write records: a write must not
    /// pay for this entry's one-time initialization.
    let bit: FieldSet
    /// The field's name, as `World` spells its property.
    let name: String
    /// Copies this field, and only this one, from the second fields into
    /// the first. A plain assignment, not a key-path write, which would wrap
    /// a closure in reabstraction thunks that every later read would call.
    let copy: @Sendable (_ into: inout Fields, _ from: Fields) -> Void
    /// Writes the field's value in ``World/fixed(at:)``, the same on every
    /// machine and run; `nil` where that world keeps ``World/live``'s.
    let fixed: (@Sendable (_ world: inout World, _ date: Date) -> Void)?

    init(
      _ bit: FieldSet, _ name: String,
      copy: @escaping @Sendable (_ into: inout Fields, _ from: Fields) -> Void,
      fixed: (@Sendable (_ world: inout World, _ date: Date) -> Void)? = nil
    ) {
      self.bit = bit
      self.name = name
      self.copy = copy
      self.fixed = fixed
    }
  }
}

/// A clock behind one reference, so that copying ``WorldStorage/Fields``
/// retains it instead of copying an existential.
final class ClockBox: Sendable {
  let clock: any Clock<Duration>

  init(_ clock: any Clock<Duration>) {
    self.clock = clock
  }
}
