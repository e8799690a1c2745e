import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct MoviesViewModelTests {
  struct Offline: Error {}

  /// Promise: the app's real client and decoder, answered from a recording
  /// (whose token was redacted), fill the list. A replay matches no
  /// header, so the test's token plays no part.
  @Test func aRecordedAnswerFillsTheList() async {
    let client = HTTPClient.live(baseURL: MoviesAPI.defaultBaseURL, token: { "test-token" })
    Current.moviesAPI = .live(client: client.replaying("Recordings/themoviedb.har"))
    Current.moviesDatabase = .inMemory()
    Current.analytics.track = { _ in }
    let viewModel = MoviesViewModel()

    await viewModel.onAppear()

    #expect(
      viewModel.state.info?.map(\.title) == [
        "Nueve reinas", "El secreto de sus ojos", "Relatos salvajes",
      ])
  }
  static let movies = [
    Movie(id: 1, title: "Nueve reinas", year: 2000),
    Movie(id: 2, title: "Zama", year: 2017),
  ]

  /// Collects tracked events and counts network calls from `@Sendable` mocks.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var _events: [String] = []
    private var _networkCalls = 0
    private var _saved: [[Movie]] = []
    var events: [String] { lock.withLock { _events } }
    var networkCalls: Int { lock.withLock { _networkCalls } }
    var saved: [[Movie]] { lock.withLock { _saved } }
    func track(_ event: String) { lock.withLock { _events.append(event) } }
    func networkCall() { lock.withLock { _networkCalls += 1 } }
    func save(_ movies: [Movie]) { lock.withLock { _saved.append(movies) } }
  }

  @Test func aDatabaseHitMakesNoNetworkCall() async {
    let log = Log()
    let movies = Self.movies
    Current.moviesDatabase.fetchMovies = { movies }
    Current.moviesAPI.fetchMovies = {
      log.networkCall()
      return []
    }
    Current.analytics.track = { log.track($0) }
    let viewModel = MoviesViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.onAppear()

    #expect(log.networkCalls == 0)
    #expect(log.events == ["fetched_movies"])
    states.assertValues([.initial, .loading, .loaded(movies)])
  }

  @Test func anEmptyDatabaseFallsBackToTheNetworkAndSaves() async {
    let log = Log()
    let movies = Self.movies
    Current.moviesDatabase = MoviesDatabase(fetchMovies: { [] }, saveMovies: { log.save($0) })
    Current.moviesAPI.fetchMovies = {
      log.networkCall()
      return movies
    }
    Current.analytics.track = { log.track($0) }
    let viewModel = MoviesViewModel()

    await viewModel.onAppear()

    #expect(viewModel.state == .loaded(movies))
    #expect(log.networkCalls == 1)
    #expect(log.saved == [movies])
    #expect(log.events == ["fetched_movies"])
  }

  @Test func aNetworkFailureShowsTheErrorAndTracksIt() async {
    let log = Log()
    Current.moviesDatabase = MoviesDatabase(fetchMovies: { [] }, saveMovies: { log.save($0) })
    Current.moviesAPI.fetchMovies = { throw Offline() }
    Current.analytics.track = { log.track($0) }
    let viewModel = MoviesViewModel()
    let states = StateRecorder(viewModel, \.state)

    await viewModel.onAppear()

    states.assertValues([.initial, .loading, .error(Offline())])
    #expect(log.events == ["fetched_movies_failed"])
    #expect(log.saved.isEmpty)
  }

  @Test func aDatabaseFailureShowsTheErrorAndTracksIt() async {
    let log = Log()
    Current.moviesDatabase.fetchMovies = { throw Offline() }
    Current.analytics.track = { log.track($0) }
    let viewModel = MoviesViewModel()

    await viewModel.onAppear()

    #expect(viewModel.state.error is Offline)
    #expect(log.events == ["fetched_movies_failed"])
  }

  @Test func aFailedSaveStillShowsTheMovies() async {
    let log = Log()
    let movies = Self.movies
    Current.moviesDatabase = MoviesDatabase(
      fetchMovies: { [] }, saveMovies: { _ in throw Offline() })
    Current.moviesAPI.fetchMovies = { movies }
    Current.analytics.track = { log.track($0) }
    let viewModel = MoviesViewModel()

    await viewModel.onAppear()

    #expect(viewModel.state == .loaded(movies))
    #expect(log.events == ["saving_movies_failed", "fetched_movies"])
  }

  @Test func theSecondAppearanceReadsWhatTheFirstSaved() async {
    let log = Log()
    let movies = Self.movies
    Current.moviesDatabase = .inMemory()
    Current.moviesAPI.fetchMovies = {
      log.networkCall()
      return movies
    }
    Current.analytics.track = { log.track($0) }
    let viewModel = MoviesViewModel()

    await viewModel.onAppear()
    await viewModel.onAppear()

    #expect(log.networkCalls == 1)
    #expect(viewModel.state == .loaded(movies))
    #expect(log.events == ["fetched_movies", "fetched_movies"])
  }

  @Test func theLiveAPIDecodesTMDBAndSendsTheToken() async throws {
    let seen = Log()
    let client = HTTPClient(
      baseURL: URL(string: "https://tmdb.invalid")!, token: { "t0ken" },
      transport: { request in
        seen.track(
          "\(request.httpMethod ?? "") \(request.url!.path)?\(request.url!.query ?? "") \(request.value(forHTTPHeaderField: "Authorization") ?? "")"
        )
        let body =
          #"{"results": [{"id": 7, "title": "Zama", "release_date": "2017-09-28"}, {"id": 8, "title": "Untitled"}]}"#
        return (
          Data(body.utf8),
          HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
        )
      })

    let movies = try await MoviesAPI.live(client: client).fetchMovies()

    #expect(
      movies == [
        Movie(id: 7, title: "Zama", year: 2017), Movie(id: 8, title: "Untitled", year: nil),
      ])
    #expect(seen.events == ["GET /3/movie/popular?page=1 Bearer t0ken"])
  }

  @Test func theUnimplementedTestValuesFailTheTest() async {
    let viewModel = MoviesViewModel()
    await withKnownIssue {
      await viewModel.onAppear()
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Current.moviesDatabase.fetchMovies") }
        || issue.comments.contains { $0.rawValue.contains("Current.analytics.track") }
    }
    #expect(viewModel.state.error is UnimplementedError)
  }

  @Test func theViewModelIsDeallocated() async {
    let movies = Self.movies
    Current.moviesDatabase.fetchMovies = { movies }
    Current.analytics.track = { _ in }
    await expectDeallocation {
      let viewModel = MoviesViewModel()
      await viewModel.onAppear()
      return viewModel
    }
  }
}
