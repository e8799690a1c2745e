import CurrentWorld
import Observation

/// The books screen: a search through `Current.booksAPI`, with an empty-list
/// state of its own.
///
/// ```swift
/// let viewModel = BooksListViewModel(query: "borges")
/// await viewModel.load()
/// if viewModel.showEmptyBooksView { print("No books") }
/// ```
@MainActor @Observable public final class BooksListViewModel {
  /// Where the screen is.
  ///
  /// ```swift
  /// if case .loaded(let books) = viewModel.state { print(books.count) }
  /// ```
  public private(set) var state: ViewState<[Book]> = .initial
  /// What the screen searches for.
  ///
  /// ```swift
  /// viewModel.query = "cortázar"
  /// ```
  public var query: String

  /// A screen that will search for `query`.
  ///
  /// ```swift
  /// let viewModel = BooksListViewModel(query: "borges")
  /// ```
  public init(query: String) {
    self.query = query
  }

  /// Whether the search finished and found nothing.
  ///
  /// ```swift
  /// if viewModel.showEmptyBooksView { print("No books yet") }
  /// ```
  public var showEmptyBooksView: Bool {
    state.info?.isEmpty ?? false
  }

  /// Searches: `loading`, then `loaded` or `error`.
  ///
  /// ```swift
  /// await viewModel.load()
  /// ```
  public func load() async {
    state = .loading
    do {
      state = .loaded(try await Current.booksAPI.searchBooks(query))
    } catch {
      state = .error(error)
    }
  }
}
