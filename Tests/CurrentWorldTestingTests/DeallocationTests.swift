import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

@Suite(.world, .timeLimit(.minutes(2))) struct DeallocationTests {
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
    var survivor: SelfRetaining?
    await withKnownIssue {
      let released = await expectDeallocation(clock: ImmediateClock()) {
        let object = SelfRetaining()
        survivor = object
        return object
      }
      #expect(!released)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("SelfRetaining was not deallocated at the end of the scope")
      }
    }
    survivor?.me = nil
  }
}
