import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import CurrentWorldTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite(.world, .timeLimit(.minutes(10))) @MainActor struct BooksListViewModelTests {
  struct Offline: Error {}

  /// Promise: the app's real search request (its query items in the
  /// recorded order or any other) and decoder, answered from a recording.
  @Test func aRecordedSearchLoads() async {
    Current.booksAPI = .live(
      client: .live(baseURL: BooksAPI.defaultBaseURL).replaying("Recordings/openlibrary.har"),
      limit: 3)
    let viewModel = BooksListViewModel(query: "borges")

    await viewModel.load()

    #expect(viewModel.state.info?.map(\.title) == ["Ficciones", "El Aleph", "Rayuela"])
  }
  static let books = [
    Book(title: "Ficciones", authors: ["Jorge Luis Borges"], firstPublished: 1944)
  ]

  @Test func anEmptyResultShowsTheEmptyBooksView() async {
    Current.booksAPI.searchBooks = { _ in [] }
    let viewModel = BooksListViewModel(query: "nothing")
    #expect(!viewModel.showEmptyBooksView)

    await viewModel.load()

    #expect(viewModel.state == .loaded([]))
    #expect(viewModel.showEmptyBooksView)
  }

  @Test func booksHideTheEmptyBooksView() async {
    let books = Self.books
    Current.booksAPI.searchBooks = { query in query == "borges" ? books : [] }
    let viewModel = BooksListViewModel(query: "borges")
    let states = StateRecorder(viewModel, \.state)

    await viewModel.load()

    states.assertValues([.initial, .loading, .loaded(books)])
    #expect(!viewModel.showEmptyBooksView)
  }

  @Test func anErrorIsNotAnEmptyList() async {
    Current.booksAPI.searchBooks = { _ in throw Offline() }
    let viewModel = BooksListViewModel(query: "borges")

    await viewModel.load()

    #expect(viewModel.state.error is Offline)
    #expect(!viewModel.showEmptyBooksView)
  }

  @Test func theEndpointIsBuiltForOpenLibrary() throws {
    let url = try BooksAPI.searchEndpoint(query: "cortázar & co", limit: 5)
      .url(relativeTo: BooksAPI.defaultBaseURL)
    #expect(
      url.absoluteString
        == "https://openlibrary.org/search.json?q=cort%C3%A1zar%20%26%20co&fields=title%2Cauthor_name%2Cfirst_publish_year&limit=5"
    )
  }

  @Test func theLiveAPIDecodesOpenLibrary() async throws {
    let client = HTTPClient(baseURL: URL(string: "https://books.invalid")!) { request in
      #expect(request.url?.path == "/search.json")
      #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
      let body =
        #"{"docs": [{"title": "Ficciones", "author_name": ["Jorge Luis Borges"], "first_publish_year": 1944}, {"title": "Anonymous"}]}"#
      return (
        Data(body.utf8),
        HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
      )
    }

    let books = try await BooksAPI.live(client: client).searchBooks("borges")

    #expect(books == Self.books + [Book(title: "Anonymous", authors: [], firstPublished: nil)])
  }

  @Test func theViewModelIsDeallocated() async {
    Current.booksAPI.searchBooks = { _ in [] }
    await expectDeallocation {
      let viewModel = BooksListViewModel(query: "x")
      await viewModel.load()
      return viewModel
    }
  }
}
