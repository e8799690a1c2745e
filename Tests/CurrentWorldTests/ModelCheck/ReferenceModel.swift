/// The reference model: what every read of a program must see, written as
/// plainly as possible from the documented rules (ScopesAndConcurrency).
///
/// - A scope starts from the world it was entered with and keeps its own
///   values; child tasks and a `SharedWorld` made in it share them.
/// - A write changes the current scope only.
/// - `Current = saved` merges the fields edited since the read when
///   `saved` was read in this same scope; otherwise it replaces every field.
/// - Writers that run at once each keep their write; where several wrote
///   the same field, any one of their values may be last.
/// - The calendar is the locale's own (``followsLocale``) until it is
///   written, which sets it on purpose; a locale write, a merge among them,
///   changes only a calendar that follows the locale.
///
/// A field holds the set of values it may have; a read that sees one of
/// them narrows the set to it.
struct ReferenceModel {
  typealias State = [ModelField: Set<Int>]

  struct Saved {
    var state: State
    /// The scope it was read in.
    let scope: Int
    var edited: Set<ModelField> = []
  }

  private(set) var scopes: [(id: Int, state: State)]
  private var saved: [Int: Saved] = [:]
  private var nextScope = 1
  /// The first read that disagreed with the model.
  private(set) var disagreement: String?

  init(start: State) {
    scopes = [(0, start)]
  }

  /// The calendar's value while nobody chose one: it is the locale's own,
  /// whatever the locale. A relation, not a value, so a locale write leaves
  /// it as it is, and so does a merge that brings only a locale.
  static let followsLocale = -1

  /// Every field holds `value`, but the calendar follows the locale.
  static func state(_ value: Int) -> State {
    Dictionary(
      uniqueKeysWithValues: ModelField.allCases.map {
        ($0, [$0 == .calendar ? followsLocale : value])
      })
  }

  private var current: State {
    get { scopes[scopes.count - 1].state }
    set { scopes[scopes.count - 1].state = newValue }
  }

  mutating func read(_ field: ModelField, saw value: Int?, calendarAligned: Bool) {
    guard disagreement == nil else { return }
    let allowed = current[field]!
    guard let value, allowed.contains(value) else {
      disagreement =
        "read Current.\(field) saw \(Self.name(value)), the model allows \(allowed.sorted().map(Self.name))"
      return
    }
    if !calendarAligned {
      disagreement = "Current.calendar does not compute in Current's time zone and locale"
      return
    }
    current[field] = [value]
  }

  private static func name(_ value: Int?) -> String {
    switch value {
    case nil: "a value outside the table"
    case followsLocale: "the locale's own calendar"
    case let value?: "v\(value)"
    }
  }

  mutating func write(_ field: ModelField, _ value: Int) { current[field] = [value] }

  func hasSaved(_ slot: Int) -> Bool { saved[slot] != nil }

  mutating func save(_ slot: Int) { saved[slot] = Saved(state: current, scope: scopes.last!.id) }

  mutating func edit(_ slot: Int, _ field: ModelField, _ value: Int) {
    saved[slot]?.state[field] = [value]
    saved[slot]?.edited.insert(field)
  }

  mutating func assign(_ slot: Int) {
    guard let world = saved[slot] else { return }
    if world.scope == scopes.last!.id && !world.edited.isEmpty {
      for field in world.edited { current[field] = world.state[field] }
    } else {
      current = world.state
    }
  }

  mutating func enter(_ updates: [Op.Update]) {
    var state = current
    for update in updates { state[update.field] = [update.value] }
    enter(state)
  }

  mutating func enter(saved slot: Int) { enter(saved[slot]!.state) }

  mutating func enter(_ state: State) {
    scopes.append((nextScope, state))
    nextScope += 1
  }

  mutating func exit() { scopes.removeLast() }

  mutating func concurrently(_ updates: [Op.Update]) {
    for field in ModelField.allCases {
      let written = Set(updates.filter { $0.field == field }.map(\.value))
      if !written.isEmpty { current[field] = written }
    }
  }
}
