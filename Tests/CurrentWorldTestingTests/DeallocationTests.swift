import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

@Suite(.world) struct DeallocationTests {
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
    // Released a moment after the scope ends, by a task it started. The
    // generous timeout only matters on a loaded machine: the check returns
    // as soon as the object is gone.
    await expectDeallocation(timeout: .seconds(10)) {
      let object = SelfRetaining()
      Task {
        try? await Task.sleep(for: .milliseconds(20))
        object.me = nil
      }
      return object
    }
  }

  @Test func aRetainedObjectIsReportedByItsType() async {
    var survivor: SelfRetaining?
    await withKnownIssue {
      let released = await expectDeallocation(timeout: .milliseconds(50)) {
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
