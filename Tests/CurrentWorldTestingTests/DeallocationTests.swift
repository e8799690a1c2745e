import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@Suite(.world, .timeLimit(.minutes(10))) struct DeallocationTests {
  @Test func aReleasedObjectPasses() async {
    let released = await expectDeallocation { Plain() }
    #expect(released)
  }

  @MainActor @Test func aViewModelThatFetchedIsReleased() async {
    Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
    await expectDeallocation {
      let viewModel = FactViewModel()
      await viewModel.fetch()
      return viewModel
    }
  }

  @Test func anObjectFreedByWorkItStartedPasses() async {
    // Released 20 ms after the scope ends, by a task it started, on a clock
    // whose sleeps return at once: the check waits on the same clock, so
    // the task gets its 20 ms and nothing waits for real.
    let clock = ImmediateClock()
    let released = await expectDeallocation(clock: clock) {
      let object = SelfRetaining()
      Task {
        try? await clock.sleep(for: .milliseconds(20))
        object.me = nil
      }
      return object
    }
    #expect(released)
  }

  @Test func aRetainedObjectIsReportedByItsType() async {
    let survivor = SurvivorBox()
    await withKnownIssue {
      // In a task, so that a check that never gives up fails by name. Two
      // sleeps, not the default 200: each is a hop through the cooperative
      // pool, and on a saturated machine 200 hops outran the bound.
      let check = Task {
        await expectDeallocation(timeout: .milliseconds(10), clock: ImmediateClock()) {
          let object = SelfRetaining()
          survivor.object = object
          return object
        }
      }
      #expect(await value(of: check) == false)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("SelfRetaining was not deallocated at the end of the scope")
      }
    }
    survivor.object?.me = nil
  }

  /// Promise: a cancelled test stops waiting for an object at once, even
  /// with the longest timeout, and still reports it.
  @Test func aCancelledCheckStopsWaiting() async {
    let survivor = SurvivorBox()
    await withKnownIssue {
      let check = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await expectDeallocation(timeout: .seconds(3_600), clock: ContinuousClock()) {
          let object = SelfRetaining()
          survivor.object = object
          return object
        }
      }
      #expect(await value(of: check) == false)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("SelfRetaining was not deallocated") }
    }
    survivor.object?.me = nil
  }

  /// Holds the survivor for the test to free.
  final class SurvivorBox: @unchecked Sendable {
    var object: SelfRetaining?
  }
}
