import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct CatFactViewModelTests {
  struct Offline: Error {}
  static let fact = CatFact(fact: "Cats sleep 70% of their lives.", length: 30)

  /// Promise: the app's real client and decoder, answered from a recording
  /// (`world-demo --record`) next to this file, with nothing sent.
  @Test func fetchDecodesARecordedAnswer() async {
    let client = HTTPClient.live(baseURL: URL(string: "https://catfact.ninja")!)
    Current.catFactAPI = .live(client: client.replaying("Recordings/catfact.har"))
    let viewModel = CatFactViewModel()

    await viewModel.fetch()

    let recorded = CatFact(
      fact: "A cat's purr vibrates at a frequency of 25 to 150 hertz.", length: 56)
    #expect(viewModel.state == .loaded(recorded))
  }

  @Test func fetchLoadsTheFact() async {
    let fact = Self.fact
    Current.catFactAPI.fetchFact = { fact }
    let viewModel = CatFactViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.fetch()

    #expect(viewModel.state == .loaded(fact))
    #expect(viewModel.state.info == fact)
    #expect(!viewModel.state.isLoading)
    states.assertValues([.initial, .loading, .loaded(fact)])
  }

  @Test func fetchShowsTheError() async {
    Current.catFactAPI.fetchFact = { throw Offline() }
    let viewModel = CatFactViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.fetch()

    #expect(viewModel.state.error is Offline)
    states.assertValues([.initial, .loading, .error(Offline())])
  }

  @Test func anAPIErrorReachesTheState() async {
    let url = URL(string: "https://catfact.ninja/fact")!
    Current.catFactAPI.fetchFact = {
      throw APIError.status(code: 500, url: url, bodyExcerpt: "down")
    }
    let viewModel = CatFactViewModel()

    await viewModel.fetch()

    #expect(viewModel.state.error as? APIError == .status(code: 500, url: url, bodyExcerpt: "down"))
  }

  @Test func isLoadingWhileTheFactIsOnItsWay() async throws {
    let (stream, continuation) = AsyncStream<CatFact>.makeStream()
    Current.catFactAPI.fetchFact = {
      for await fact in stream { return fact }
      throw CancellationError()
    }
    let viewModel = CatFactViewModel()
    let fetching = Task { await viewModel.fetch() }
    let started = ContinuousClock.now
    // Until the fetch has begun, not until it is loading: a fetch that fails
    // at once must fail here by name, not spin to the bound.
    while viewModel.state == .initial, ContinuousClock.now - started < settleLimit {
      await Task.yield()
    }
    #expect(viewModel.state == .loading)
    continuation.yield(Self.fact)
    #expect(await value(of: fetching) != nil)
    #expect(viewModel.state == .loaded(Self.fact))
  }

  @Test func theInjectedFormUsesItsOwnClosure() async {
    Current.catFactAPI.fetchFact = { CatFact(fact: "from Current", length: 12) }
    let viewModel = CatFactViewModel(fetchFact: { CatFact(fact: "injected", length: 8) })

    await viewModel.fetch()

    #expect(viewModel.state.info?.fact == "injected")
  }

  @Test func injectingCurrentTakesTheWorldAtCreation() async {
    Current.catFactAPI.fetchFact = { CatFact(fact: "at creation", length: 11) }
    let injected = CatFactViewModel(fetchFact: Current.catFactAPI.fetchFact)
    let reading = CatFactViewModel()
    Current.catFactAPI.fetchFact = { CatFact(fact: "later", length: 5) }

    await injected.fetch()
    await reading.fetch()

    #expect(injected.state.info?.fact == "at creation")
    #expect(reading.state.info?.fact == "later")
  }

  @Test func theViewModelIsDeallocated() async {
    let fact = Self.fact
    Current.catFactAPI.fetchFact = { fact }
    await expectDeallocation {
      let viewModel = CatFactViewModel()
      await viewModel.fetch()
      return viewModel
    }
  }
}
