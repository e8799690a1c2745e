// The code of the article "Testing with Current", compiled and run as tests.
import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Observation
import Testing
import XCTest

@MainActor @Observable final class FactScreen {
  var state: ViewState<CatFact> = .initial

  func fetch() async {
    state = .loading
    do {
      state = .loaded(try await Current.catFactAPI.fetchFact())
    } catch {
      state = .error(error)
    }
  }
}

@Suite(.world) @MainActor struct FactScreenTests {
  @Test func fetchShowsLoadingThenTheFact() async {
    let fact = CatFact(fact: "Cats purr.", length: 10)
    Current.catFactAPI.fetchFact = { fact }
    let screen = FactScreen()
    let states = StateRecorder(screen, \.state)

    await screen.fetch()

    states.assertValues([.initial, .loading, .loaded(fact)])
  }

  @Test func screenIsReleased() async {
    Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
    await expectDeallocation {
      let screen = FactScreen()
      await screen.fetch()
      return screen
    }
  }
}

final class FactScreenXCTests: WorldTestCase {
  @MainActor func testFetch() async {
    Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
    let screen = FactScreen()
    await screen.fetch()
    XCTAssertEqual(screen.state, .loaded(CatFact(fact: "Cats purr.", length: 10)))
    assertDeallocatedAfterTest(screen)
  }
}

@Test(.world) @MainActor func forgettingAnOverride() async {
  await withKnownIssue {
    await FactScreen().fetch()
  } matching: { issue in
    issue.unimplementedCall?.field == "Current.catFactAPI.fetchFact"
  }
}

@Test(.world { $0.locale = Locale(identifier: "ja_JP") })
func japaneseTest() {
  #expect(Current.locale.identifier == "ja_JP")
}
