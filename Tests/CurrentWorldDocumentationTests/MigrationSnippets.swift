// The code of the article "Coming from other styles", compiled and run as
// tests. The swift-dependencies version lives in the Benchmarks package,
// the only place allowed to depend on it.
import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Observation
import Testing

// 1. Protocols: a protocol, a live type, a mock type, and an initializer.
protocol CatFactFetching: Sendable {
  func fetchFact() async throws -> CatFact
}

@MainActor @Observable final class ProtocolCatFactViewModel {
  var state: ViewState<CatFact> = .initial
  private let api: any CatFactFetching

  init(api: any CatFactFetching) {
    self.api = api
  }

  func fetch() async {
    state = .loading
    do { state = .loaded(try await api.fetchFact()) } catch { state = .error(error) }
  }
}

struct MockCatFactFetcher: CatFactFetching {
  let fact: CatFact
  func fetchFact() async throws -> CatFact { fact }
}

// 2. A Dependencies struct: closures, injected per instance.
@MainActor @Observable final class InjectedCatFactViewModel {
  struct Dependencies {
    var fetchFact: @Sendable () async throws -> CatFact
  }

  var state: ViewState<CatFact> = .initial
  private let dependencies: Dependencies

  init(dependencies: Dependencies) {
    self.dependencies = dependencies
  }

  func fetch() async {
    state = .loading
    do { state = .loaded(try await dependencies.fetchFact()) } catch { state = .error(error) }
  }
}

// 3. CurrentWorld: nothing to inject.
@MainActor @Observable final class CurrentCatFactViewModel {
  var state: ViewState<CatFact> = .initial

  func fetch() async {
    state = .loading
    do { state = .loaded(try await Current.catFactAPI.fetchFact()) } catch { state = .error(error) }
  }
}

let purring = CatFact(fact: "Cats purr.", length: 10)

@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct MigrationSnippets {
  @Test func protocolStyle() async {
    let viewModel = ProtocolCatFactViewModel(api: MockCatFactFetcher(fact: purring))
    await viewModel.fetch()
    #expect(viewModel.state == .loaded(purring))
  }

  @Test func dependenciesStructStyle() async {
    let viewModel = InjectedCatFactViewModel(dependencies: .init(fetchFact: { purring }))
    await viewModel.fetch()
    #expect(viewModel.state == .loaded(purring))
  }
}

@Test(.world) @MainActor func currentWorldStyle() async {
  Current.catFactAPI.fetchFact = { purring }
  let viewModel = CurrentCatFactViewModel()
  await viewModel.fetch()
  #expect(viewModel.state == .loaded(purring))
}

/// Promise: a model reads `Current` at each call, in the scope the call
/// runs in, whenever the model was made.
@Test(.world) @MainActor func aModelReadsTheWorldOfEachCall() async {
  let viewModel = CurrentCatFactViewModel()
  Current.catFactAPI.fetchFact = { purring }
  await viewModel.fetch()
  #expect(viewModel.state == .loaded(purring))

  let napping = CatFact(fact: "Cats nap.", length: 9)
  await withWorld {
    $0.catFactAPI.fetchFact = { napping }
  } operation: {
    await viewModel.fetch()
  }
  #expect(viewModel.state == .loaded(napping))
}
