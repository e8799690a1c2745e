import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Testing

@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct StateRecorderTests {
  struct Offline: Error {}
  static let fact = CatFact(fact: "Cats sleep 70% of their lives.", length: 30)

  @Test func anImmediateMockStillShowsLoading() async {
    let fact = Self.fact
    Current.catFactAPI.fetchFact = { fact }
    let viewModel = FactViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.fetch()

    states.assertValues([.initial, .loading, .loaded(fact)])
    #expect(states.values == [.initial, .loading, .loaded(fact)])
  }

  @Test func aSuspendingMock() async {
    let fact = Self.fact
    Current.catFactAPI.fetchFact = {
      try await Task.sleep(for: .milliseconds(10))
      return fact
    }
    let viewModel = FactViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.fetch()

    states.assertValues([.initial, .loading, .loaded(fact)])
  }

  @Test func anErrorMock() async {
    Current.catFactAPI.fetchFact = { throw Offline() }
    let viewModel = FactViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.fetch()

    states.assertValues([.initial, .loading, .error(Offline())])
  }

  @Test func backToBackChangesAreAllRecorded() async {
    let fact = Self.fact
    Current.catFactAPI.fetchFact = { fact }
    let viewModel = FactViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.fetch()
    viewModel.state = .initial
    // Observation does not report an Equatable property set to an equal
    // value, so this is no new state.
    viewModel.state = .initial
    viewModel.state = .loading
    viewModel.state = .error(Offline())
    await viewModel.fetch()

    #expect(
      states.values == [
        .initial, .loading, .loaded(fact), .initial, .loading, .error(Offline()), .loading,
        .loaded(fact),
      ])
  }

  /// The states of a view model that fetched `fact`: initial, loading,
  /// loaded.
  static func statesOfAFetch() async -> StateRecorder<FactViewModel, ViewState<CatFact>> {
    let fact = Self.fact
    Current.catFactAPI.fetchFact = { fact }
    let viewModel = FactViewModel()
    let states = StateRecorder(viewModel, \.state)
    await viewModel.fetch()
    return states
  }

  @Test func aMissingStateFailsTheTestAndSaysWhatWasRecorded() async {
    let states = await Self.statesOfAFetch()
    withKnownIssue {
      states.assertValues([.initial, .loaded(Self.fact)])
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("FactViewModel")
          && $0.rawValue.contains(" took 3 values, expected 2:")
          && $0.rawValue.contains("recorded: [initial, loading, loaded(")
      }
    }
  }

  /// Promise: `assertValues` compares the values themselves, not only how
  /// many there were.
  @Test func aWrongValueFailsTheTestEvenWhenTheCountIsRight() async {
    let states = await Self.statesOfAFetch()
    withKnownIssue {
      states.assertValues([.initial, .loading, .loaded(CatFact(fact: "Other.", length: 6))])
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains(" took 3 values, expected 3:") }
    }
  }

  @Test func beforeAnyChangeTheInitialValueIsRecorded() {
    let viewModel = FactViewModel()
    let states = StateRecorder(viewModel, \.state)
    #expect(states.values == [.initial])
  }
}
