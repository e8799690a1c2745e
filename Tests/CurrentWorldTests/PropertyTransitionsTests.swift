import CurrentWorld
import Foundation
import Observation
import TestHelpers
import Testing

@Suite(.timeLimit(.minutes(10))) @MainActor struct PropertyTransitionsTests {
  @Observable final class Counter: @unchecked Sendable {
    var value = 0
  }

  @Test func handsOverEveryValueInOrderAndKeepsTheNewestPending() {
    let counter = Counter()
    var handed: [Int] = []
    let transitions = PropertyTransitions(counter, \.value) { handed.append($0) }
    #expect(handed == [0])
    #expect(transitions.pending == nil)

    // Back to back, with no suspension: Observation reports each change
    // before the value is stored, so the newest one waits.
    counter.value = 1
    counter.value = 2
    counter.value = 3
    #expect(handed == [0, 1, 2])
    #expect(transitions.pending == 3)

    transitions.flush()
    #expect(handed == [0, 1, 2, 3])
    #expect(transitions.pending == nil)
    transitions.flush()
    #expect(handed == [0, 1, 2, 3], "a second flush hands over nothing")

    counter.value = 4
    counter.value = 5
    transitions.flush()
    #expect(handed == [0, 1, 2, 3, 4, 5])
  }

  /// Observable by hand, with a stored property, whose key path can say
  /// its name (the macro's computed properties may not).
  final class Named: Observable {
    var value = 0
  }

  @Test func namesThePropertyItFollowsWhereTheKeyPathCan() {
    #expect(PropertyTransitions(Named(), \.value) { _ in }.property == "Named.value")
    let observed = PropertyTransitions(Counter(), \.value) { _ in }.property
    #expect(["Counter.value", "Counter's recorded property"].contains(observed))
  }

  @Test func aChangeOffTheMainActorIsReportedAndNeverTraps() async {
    let reports = ReportLog(keepingIssuesFrom: "CurrentWorld/PropertyTransitions.swift")
    let counter = Counter()
    var handed: [Int] = []
    let transitions = PropertyTransitions(counter, \.value) { handed.append($0) }
    await reports.capture { @Sendable in
      // A child of the capturing task, so the log is its reporter; it runs
      // on the global executor, off the main actor.
      await Task { counter.value = 1 }.value
    }
    #expect(reports.messages.count == 1)
    #expect(reports.messages.first?.contains(" changed off the main actor") == true)
    #expect(reports.messages.first?.hasPrefix(transitions.property) == true)
    // What the report says: nothing after that change is followed.
    counter.value = 2
    transitions.flush()
    #expect(handed == [0])
  }
}
