import Foundation
import TestHelpers

/// A random program over `Current`'s public API, for the model check.
///
/// Four fields stand for all: three built-in ones (`locale`, `timeZone`,
/// `calendar`) and an app key (`retryCount`). A value is an index into a
/// small table, so that a read can name what it saw. The calendar follows
/// the locale until it is written, which sets it on purpose (see
/// ``ReferenceModel/followsLocale``).
enum ModelField: Int, CaseIterable, Sendable, CustomStringConvertible {
  case locale, timeZone, retryCount, calendar

  var description: String { ["locale", "timeZone", "retryCount", "calendar"][rawValue] }
}

/// How work that a `SharedWorld` carries leaves the task.
enum Escape: Int, CaseIterable, Sendable {
  case sameTask, childTask, detachedTask, gcd, thread

  /// Whether the work may suspend: it runs in a task.
  var isAsync: Bool { self != .gcd && self != .thread }
}

/// One step of a program.
indirect enum Op: Sendable {
  /// Reads a field of `Current`.
  case read(ModelField)
  /// `Current.field = value`.
  case write(ModelField, Int)
  /// `slots[slot] = Current`.
  case save(Int)
  /// `slots[slot] = SharedWorld().world`, read on a GCD queue.
  case saveShared(Int)
  /// `slots[slot].field = value`: a saved world, edited.
  case edit(Int, ModelField, Int)
  /// `Current = slots[slot]`.
  case assign(Int)
  /// `withWorld { updates } operation: { body }`.
  case scope([Update], [Op])
  /// `withWorld(slots[slot]) { body }`.
  case scopeFromSaved(Int, [Op])
  /// `await Task { body }.value`: a child task, in the same scope.
  case child([Op])
  /// `SharedWorld()` made here, and `body` run in it by `escape`.
  case shared(Escape, [Op])
  /// `Task.detached { withWorld(detachedWorld) { body } }`.
  case detached([Op])
  /// Writers that run at once in a task group, one write each.
  case writers([Update])

  struct Update: Sendable {
    let field: ModelField
    let value: Int
  }
}

/// Makes random programs from a seed.
struct ProgramGenerator {
  static let slots = 3
  static let values = 4
  var random: SplitMix

  init(seed: UInt64) {
    random = SplitMix(state: seed)
  }

  mutating func program(size: Int) -> [Op] {
    ops(count: size, depth: 0, async: true)
  }

  private mutating func int(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

  private mutating func field() -> ModelField {
    ModelField.allCases[int(ModelField.allCases.count)]
  }

  private mutating func update() -> Op.Update { Op.Update(field: field(), value: int(Self.values)) }

  private mutating func ops(count: Int, depth: Int, async: Bool) -> [Op] {
    (0..<count).map { _ in op(depth: depth, async: async) }
  }

  /// One op; compound ones only above the depth limit, and only the sync
  /// ones inside work that a GCD queue or a thread runs.
  private mutating func op(depth: Int, async: Bool) -> Op {
    let simple = 7
    let compound = async ? 6 : 2
    let choice = int(depth < 3 ? simple + compound : simple)
    let inner = 1 + int(4)
    switch choice {
    case 0, 1: return .read(field())
    case 2: return .write(field(), int(Self.values))
    case 3: return .save(int(Self.slots))
    case 4: return .edit(int(Self.slots), field(), int(Self.values))
    case 5: return .assign(int(Self.slots))
    case 6: return .saveShared(int(Self.slots))
    case 7:
      return .scope(
        (0..<int(3)).map { _ in update() }, ops(count: inner, depth: depth + 1, async: async))
    case 8:
      return .scopeFromSaved(int(Self.slots), ops(count: inner, depth: depth + 1, async: async))
    case 9: return .child(ops(count: inner, depth: depth + 1, async: true))
    case 10:
      let escape = Escape.allCases[int(Escape.allCases.count)]
      return .shared(escape, ops(count: inner, depth: depth + 1, async: escape.isAsync))
    case 11: return .detached(ops(count: inner, depth: depth + 1, async: true))
    default: return .writers((0..<(2 + int(3))).map { _ in update() })
    }
  }
}

extension Op {
  /// How many operations this is, its body's included.
  var count: Int {
    switch self {
    case .scope(_, let body), .scopeFromSaved(_, let body), .child(let body), .shared(_, let body),
      .detached(let body):
      1 + body.reduce(0) { $0 + $1.count }
    case .writers(let updates): 1 + updates.count
    default: 1
    }
  }

  /// The op as Swift-like code, indented by `indent`.
  func lines(_ indent: String = "") -> [String] {
    func block(_ head: String, _ body: [Op]) -> [String] {
      ["\(indent)\(head) {"] + body.flatMap { $0.lines(indent + "  ") } + ["\(indent)}"]
    }
    switch self {
    case .read(let field): return ["\(indent)read Current.\(field)"]
    case .write(let field, let value): return ["\(indent)Current.\(field) = v\(value)"]
    case .save(let slot): return ["\(indent)saved\(slot) = Current"]
    case .saveShared(let slot):
      return ["\(indent)saved\(slot) = SharedWorld().world, read on a GCD queue"]
    case .edit(let slot, let field, let value):
      return ["\(indent)saved\(slot).\(field) = v\(value)"]
    case .assign(let slot): return ["\(indent)Current = saved\(slot)"]
    case .scope(let updates, let body):
      let sets = updates.map { "$0.\($0.field) = v\($0.value)" }.joined(separator: "; ")
      return block("withWorld({ \(sets) })", body)
    case .scopeFromSaved(let slot, let body): return block("withWorld(saved\(slot))", body)
    case .child(let body): return block("await Task", body)
    case .shared(let escape, let body): return block("SharedWorld().run on \(escape)", body)
    case .detached(let body): return block("Task.detached + withWorld(detachedWorld)", body)
    case .writers(let updates):
      return [
        "\(indent)concurrently: "
          + updates.map { "Current.\($0.field) = v\($0.value)" }.joined(separator: " | ")
      ]
    }
  }
}
