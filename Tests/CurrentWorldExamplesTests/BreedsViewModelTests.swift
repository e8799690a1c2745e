import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The screen whose client is plain `URLSession` code: each test gives it
/// its own session through `Current.urlSession`.
@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct BreedsViewModelTests {
  /// Promise: the app's own URLSession code and decoder, answered from a
  /// recording (`world-demo --record`) next to this file, with nothing
  /// sent.
  @Test func loadDecodesARecordedAnswer() async {
    Current.urlSession = .replaying("Recordings/dog.har")
    let viewModel = BreedsViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.load()

    let breeds = ["akita", "basenji", "hound", "pug"]
    #expect(viewModel.state == .loaded(breeds))
    states.assertValues([.initial, .loading, .loaded(breeds)])
  }

  /// Promise: an answer that is not a 2xx reaches the state as an error.
  @Test func aFailedAnswerIsTheError() async throws {
    let archive = try HTTPArchive(
      data: Data(
        #"""
        {"log": {"version": "1.2", "entries": [{
          "request": {"method": "GET", "url": "https://dog.ceo/api/breeds/list/all"},
          "response": {"status": 503, "headers": [], "content": {"text": "down"}}}]}}
        """#.utf8))
    Current.urlSession = .replaying(.archive(archive))
    let viewModel = BreedsViewModel()

    await viewModel.load()

    #expect((viewModel.state.error as? URLError)?.code == .badServerResponse)
  }
}
