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

  static func state(_ value: Int) -> State {
    Dictionary(uniqueKeysWithValues: ModelField.allCases.map { ($0, [value]) })
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
        "read Current.\(field) saw \(value.map { "v\($0)" } ?? "a value outside the table"), the model allows \(allowed.sorted().map { "v\($0)" })"
      return
    }
    if !calendarAligned {
      disagreement = "Current.calendar does not compute in Current's time zone and locale"
      return
    }
    current[field] = [value]
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
