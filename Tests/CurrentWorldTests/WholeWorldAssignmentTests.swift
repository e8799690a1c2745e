import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Dispatch
import Foundation
import TestHelpers
import Testing

/// `Current = world` merges `world` into the scope's newest world only when
/// `world` was read from that same scope; a world read anywhere else
/// replaces the scope's world whole (ScopesAndConcurrency, "Assigning a
/// whole world").
///
/// Each row reads a world somewhere, edits one field of it inside the
/// scope "outer", optionally lets another task write a different field of
/// "outer" first, and assigns it. A merge keeps outer's own time zone and
/// the other task's write; a replacement takes every field of the world
/// that was read.
@Suite(.timeLimit(.minutes(10))) struct WholeWorldAssignmentTests {
  enum Outcome: Sendable { case merges, replaces }

  /// The worlds read before "outer" is entered, which some rows assign.
  struct Earlier: Sendable {
    /// Read in the scope that encloses "outer".
    let enclosing: World
    /// Made in the enclosing scope, so it runs work in that scope.
    let enclosingShared: SharedWorld
    /// Read in a sibling scope of "outer" that wrote nothing.
    let sibling: World
    /// Read in a sibling scope of "outer" after it wrote.
    let writtenSibling: World
  }

  struct Row: Sendable, CustomTestStringConvertible {
    let name: String
    let outcome: Outcome
    /// Whether the world read has outer's own fields.
    var sameFieldsAsOuter = false
    /// Reads the world to assign; it runs inside "outer".
    let read: @Sendable (Earlier) async -> World
    var testDescription: String { name }
  }

  static let outerZone = TimeZone(identifier: "Pacific/Chatham")!
  static let enclosingLocale = Locale(identifier: "fr_FR")
  static let nestedLocale = Locale(identifier: "de_DE")
  static let siblingLocale = Locale(identifier: "ja_JP")
  static let editedUUID = UUID(uuidString: "00000000-0000-0000-0000-0000000000ED")!

  static let rows: [Row] = [
    Row(name: "read in this scope", outcome: .merges) { _ in Current },
    Row(name: "read in this scope, by a child task", outcome: .merges) { _ in
      await Task { Current }.value
    },
    Row(name: "read in a SharedWorld.run made in this scope, on a GCD queue", outcome: .merges) {
      _ in
      let shared = SharedWorld()
      return await onQueue { shared.run { Current } }
    },
    Row(name: "read in the enclosing scope", outcome: .replaces) { earlier in earlier.enclosing },
    Row(name: "read in a SharedWorld.run made in the enclosing scope", outcome: .replaces) {
      earlier in
      await onQueue { earlier.enclosingShared.run { Current } }
    },
    Row(name: "read in a nested scope entered with a change, unwritten", outcome: .replaces) { _ in
      withWorld {
        $0.locale = nestedLocale
      } operation: {
        Current
      }
    },
    Row(
      name: "read in a nested scope entered with Current as it is", outcome: .replaces,
      sameFieldsAsOuter: true
    ) { _ in
      withWorld(Current) { Current }
    },
    Row(name: "read in a nested scope after it wrote", outcome: .replaces) { _ in
      withWorld(Current) {
        Current.locale = nestedLocale
        return Current
      }
    },
    Row(name: "read in a scope nested three deep, unwritten", outcome: .replaces) { _ in
      withWorld(Current) {
        withWorld(Current) {
          withWorld {
            $0.locale = nestedLocale
          } operation: {
            Current
          }
        }
      }
    },
    Row(name: "read in a sibling scope, unwritten", outcome: .replaces) { earlier in
      earlier.sibling
    },
    Row(name: "read in a sibling scope after it wrote", outcome: .replaces) { earlier in
      earlier.writtenSibling
    },
    Row(name: "read in a detached task", outcome: .replaces) { _ in
      // The detached task reads the process-wide world, which a test process
      // warns about while test worlds run elsewhere: counted, not shown.
      let box = Locked<World?>(nil)
      _ = await TestWorlds.countingWarnings {
        let world = await Task.detached { Current }.value
        box.withLock { $0 = world }
      }
      return box.withLock { $0! }
    },
    Row(name: "World.test", outcome: .replaces) { _ in World.test },
    Row(name: "World.fixed(at:)", outcome: .replaces) { _ in
      World.fixed(at: Date(timeIntervalSince1970: 86_400))
    },
  ]

  @Test(arguments: rows, [false, true])
  func assignedInTheOuterScopeAfterAnEdit(_ row: Row, concurrentWrite: Bool) async {
    let (read, assigned) = await Self.assign(row, concurrentWrite: concurrentWrite)
    #expect(assigned.uuid() == Self.editedUUID, "the edit always arrives")
    switch row.outcome {
    case .merges:
      #expect(assigned.timeZone == Self.outerZone)
      #expect(assigned.locale == Self.enclosingLocale)
      #expect(assigned.retryCount == (concurrentWrite ? 7 : 0))
    case .replaces:
      // Where the world read has outer's fields, only another task's write
      // tells a replacement from a merge; the row says so.
      #expect(
        row.sameFieldsAsOuter
          == (read.timeZone == Self.outerZone && read.locale == Self.enclosingLocale))
      #expect(assigned.timeZone == read.timeZone)
      #expect(assigned.locale == read.locale)
      #expect(assigned.retryCount == read.retryCount)
      #expect(assigned.retryCount != 7)
    }
  }

  /// The bug report's snippet (synchronous here): a world saved inside a
  /// nested scope and assigned in the outer one keeps the nested locale.
  @Test func aWorldSavedInANestedScopeKeepsItsLocaleWhenAssignedOutside() {
    let locale = withWorld(World.test) {
      Current.timeZone = TimeZone(identifier: "America/New_York")!
      var saved = Current
      withWorld({ $0.locale = Locale(identifier: "de_DE") }) { saved = Current }
      #expect(saved.locale.identifier == "de_DE")
      var world = saved
      world.uuid = { UUID() }
      Current = world
      return Current.locale.identifier
    }
    #expect(locale == "de_DE")
  }

  /// A scope's identity outlives the scope: a world read in a scope that
  /// has ended replaces the world of every later scope, though a later
  /// scope's box may take the ended one's memory.
  @Test func aWorldReadInAnEndedScopeReplacesTheWorldOfEveryLaterScope() {
    withWorld(fixedWorld()) {
      let saved = withWorld {
        $0.locale = Self.nestedLocale
      } operation: {
        Current
      }
      for _ in 0..<200 {
        withWorld(Current) {
          Current.timeZone = Self.outerZone
          var world = saved
          world.uuid = { Self.editedUUID }
          Current = world
          #expect(Current.timeZone == saved.timeZone)
          #expect(Current.locale == Self.nestedLocale)
        }
      }
    }
  }

  /// A scope that nobody read handed out no world, so no world merges into
  /// it, not even one that no scope handed out.
  @Test func aWorldAssignedInAScopeNobodyReadReplacesIt() {
    let world = withWorld(fixedWorld()) {
      withWorld({ $0.locale = Self.nestedLocale }) {
        // Written in one field only, so a merge would keep the rest of
        // the scope's world: its fixed date among them.
        var world = World.live
        world.uuid = { Self.editedUUID }
        Current = world
        return Current
      }
    }
    #expect(world.uuid() == Self.editedUUID)
    #expect(world.date() != fixedWorld().date())
    #expect(world.locale.identifier == World.live.locale.identifier)
  }

  /// Enters the enclosing scope, reads the earlier worlds, enters "outer",
  /// writes its time zone, reads the row's world, and assigns it after an
  /// edit. Returns the world read and `Current` after the assignment.
  static func assign(_ row: Row, concurrentWrite: Bool) async -> (read: World, assigned: World) {
    await withWorld(fixedWorld()) {
      Current.locale = enclosingLocale
      let earlier = Earlier(
        enclosing: Current,
        enclosingShared: SharedWorld(),
        sibling: withWorld {
          $0.locale = siblingLocale
        } operation: {
          Current
        },
        writtenSibling: withWorld(Current) {
          Current.locale = siblingLocale
          return Current
        })
      return await withWorld(Current) {
        Current.timeZone = outerZone
        let read = await row.read(earlier)
        if concurrentWrite { await Task { Current.retryCount = 7 }.value }
        var world = read
        world.uuid = { editedUUID }
        Current = world
        return (read, Current)
      }
    }
  }

  /// What `body` returns when it runs on a GCD queue, outside the task tree.
  static func onQueue(_ body: @escaping @Sendable () -> World) async -> World {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
  }
}
