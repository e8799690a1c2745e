import CurrentWorld
import CurrentWorldSupport
import Dispatch
import Foundation
import TestHelpers

/// Runs a program against the real `Current` and checks every read against
/// the reference model, step by step.
struct ModelRun: Sendable {
  /// Three of them bring a calendar of their own that is not Gregorian.
  static let locales = ["en_US_POSIX", "th_TH", "ar_SA", "fa_IR"].map(Locale.init(identifier:))
  /// Calendars set on purpose: none of them is a locale's own above, so a
  /// read tells a chosen calendar from one that followed the locale.
  static let calendars: [Calendar.Identifier] = [.islamic, .japanese, .hebrew, .chinese]
  static let zones = ["Asia/Tokyo", "Europe/Paris", "America/New_York", "Pacific/Chatham"]
    .map { TimeZone(identifier: $0)! }

  let model: Locked<ReferenceModel>
  let slots = Locked<[Int: World]>([:])

  /// The first disagreement between `program` and the model, or `nil`.
  static func disagreement(in program: [Op]) async -> String? {
    let run = ModelRun(model: Locked(ReferenceModel(start: ReferenceModel.state(0))))
    await withWorld(world(0)) { await run.run(program) }
    return run.model.withLock { $0.disagreement }
  }

  /// A world whose fields all hold `value`, but its calendar, which
  /// follows the locale: the program's start is `world(0)`, a detached
  /// task's `world(2)`.
  static func world(_ value: Int) -> World {
    var world = World.fixed(at: Date(timeIntervalSince1970: 0))
    for field in ModelField.allCases where field != .calendar { set(&world, field, value) }
    return world
  }

  static func set(_ world: inout World, _ field: ModelField, _ value: Int) {
    switch field {
    case .locale: world.locale = locales[value]
    case .timeZone: world.timeZone = zones[value]
    case .retryCount: world.retryCount = value
    case .calendar: world.calendar = Calendar(identifier: calendars[value])
    }
  }

  static func value(of field: ModelField, in world: World) -> Int? {
    switch field {
    case .locale: locales.firstIndex { $0.identifier == world.locale.identifier }
    case .timeZone: zones.firstIndex { $0.identifier == world.timeZone.identifier }
    case .retryCount: world.retryCount
    case .calendar:
      calendars.firstIndex(of: world.calendar.identifier)
        ?? (world.calendar.identifier == world.locale.calendar.identifier
          ? ReferenceModel.followsLocale : nil)
    }
  }

  /// Runs `ops`, which may suspend: they run in a task.
  func run(_ ops: [Op]) async {
    for op in ops {
      switch op {
      case .scope(let updates, let body):
        model.withLock { $0.enter(updates) }
        await withWorld {
          for update in updates { Self.set(&$0, update.field, update.value) }
        } operation: {
          await run(body)
        }
        model.withLock { $0.exit() }
      case .scopeFromSaved(let slot, let body):
        guard let world = slots.withLock({ $0[slot] }) else { continue }
        model.withLock { $0.enter(saved: slot) }
        await withWorld(world) { await run(body) }
        model.withLock { $0.exit() }
      case .child(let body):
        await Task { await run(body) }.value
      case .shared(let escape, let body):
        let shared = SharedWorld()
        switch escape {
        case .sameTask: await shared.run { await run(body) }
        case .childTask: await Task { await shared.run { await run(body) } }.value
        case .detachedTask: await Task.detached { await shared.run { await run(body) } }.value
        case .gcd:
          await withCheckedContinuation { done in
            DispatchQueue.global().async {
              shared.run { runSync(body) }
              done.resume()
            }
          }
        case .thread:
          await withCheckedContinuation { done in
            Thread.detachNewThread {
              shared.run { runSync(body) }
              done.resume()
            }
          }
        }
      case .detached(let body):
        model.withLock { $0.enter(ReferenceModel.state(2)) }
        await Task.detached { await withWorld(Self.world(2)) { await run(body) } }.value
        model.withLock { $0.exit() }
      case .writers(let updates):
        await withTaskGroup(of: Void.self) { group in
          for update in updates {
            group.addTask { Current.set(update.field, update.value) }
          }
        }
        model.withLock { $0.concurrently(updates) }
      default:
        step(op)
      }
    }
  }

  /// Runs `ops`, none of which suspends: on a GCD queue or a thread.
  func runSync(_ ops: [Op]) {
    for op in ops {
      switch op {
      case .scope(let updates, let body):
        model.withLock { $0.enter(updates) }
        withWorld {
          for update in updates { Self.set(&$0, update.field, update.value) }
        } operation: {
          runSync(body)
        }
        model.withLock { $0.exit() }
      case .scopeFromSaved(let slot, let body):
        guard let world = slots.withLock({ $0[slot] }) else { continue }
        model.withLock { $0.enter(saved: slot) }
        withWorld(world) { runSync(body) }
        model.withLock { $0.exit() }
      default:
        step(op)
      }
    }
  }

  /// One op that neither suspends nor has a body.
  private func step(_ op: Op) {
    switch op {
    case .read(let field):
      let world = Current
      let aligned =
        world.calendar.timeZone == world.timeZone && world.calendar.locale == world.locale
      model.withLock {
        $0.read(field, saw: Self.value(of: field, in: world), calendarAligned: aligned)
      }
    case .write(let field, let value):
      Current.set(field, value)
      model.withLock { $0.write(field, value) }
    case .save(let slot):
      let world = Current
      slots.withLock { $0[slot] = world }
      model.withLock { $0.save(slot) }
    case .saveShared(let slot):
      let shared = SharedWorld()
      let world = DispatchQueue.global().sync { shared.world }
      slots.withLock { $0[slot] = world }
      model.withLock { $0.save(slot) }
    case .edit(let slot, let field, let value):
      guard model.withLock({ $0.hasSaved(slot) }) else { return }
      slots.withLock { Self.set(&$0[slot]!, field, value) }
      model.withLock { $0.edit(slot, field, value) }
    case .assign(let slot):
      guard let world = slots.withLock({ $0[slot] }) else { return }
      Current = world
      model.withLock { $0.assign(slot) }
    default:
      preconditionFailure("\(op) has a body or suspends")
    }
  }
}

extension World {
  /// Writes one of the model's fields, as app code writes it.
  fileprivate mutating func set(_ field: ModelField, _ value: Int) {
    ModelRun.set(&self, field, value)
  }
}
