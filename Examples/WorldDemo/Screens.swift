import CurrentWorld
import CurrentWorldExamples
import Foundation

/// Renders each example screen and every state it goes through.
@MainActor enum Screens {
  static func run(source: String) async {
    header(source: source)
    dates()
    await pokemons()
    await catFact()
    await movies()
    await books()
    await breeds()
    await notes()
  }

  static func header(source: String) {
    print("CurrentWorld demo: \(source)")
    let date = Current.date()
    let instant =
      date == .distantFuture
      ? "distantFuture" : date == .distantPast ? "distantPast" : date.formatted(.iso8601)
    print(
      "World: date \(instant), locale \(Current.locale.identifier), "
        + "time zone \(Current.timeZone.identifier), calendar \(Current.calendar.identifier)")
  }

  static func section(_ title: String) {
    print("\n== \(title) ==")
  }

  static func dates() {
    section("Dates")
    let styles: [(String, DateFormatter.Style, DateFormatter.Style)] = [
      ("full/full", .full, .full), ("long/short", .long, .short),
      ("medium/medium", .medium, .medium), ("short/none", .short, .none),
    ]
    let viewModel = DateViewModel()
    for (name, dateStyle, timeStyle) in styles {
      let text = viewModel.currentFormattedDate(dateStyle: dateStyle, timeStyle: timeStyle)
      print("  \(name.padding(toLength: 14, withPad: " ", startingAt: 0))\(text)")
    }
  }

  static func pokemons() async {
    section("Pokemons")
    let viewModel = PokemonsViewModel()
    let transitions = PropertyTransitions(viewModel, \.isLoading) {
      print($0 ? "  loading…" : "  idle")
    }
    await viewModel.fetchPokemons()
    transitions.flush()
    if let error = viewModel.error {
      print("  error: \(error)")
    } else {
      print("  \(viewModel.pokemons.count) pokemons: \(viewModel.pokemons.joined(separator: ", "))")
    }
  }

  static func catFact() async {
    section("Cat fact")
    let viewModel = CatFactViewModel()
    let transitions = PropertyTransitions(viewModel, \.state) { state in
      print("  state: \(describe(state) { "\"\($0.fact)\" (\($0.length) characters)" })")
    }
    await viewModel.fetch()
    transitions.flush()
  }

  static func movies() async {
    section("Movies")
    let viewModel = MoviesViewModel()
    print("  first appearance (empty database, then the network):")
    let transitions = PropertyTransitions(viewModel, \.state) { state in
      print(
        "  state: \(describe(state) { movies in list(movies.map { "\($0.title) (\($0.year.map(String.init) ?? "?"))" }) })"
      )
    }
    await viewModel.onAppear()
    transitions.flush()
    print("  analytics: \(AnalyticsLog.shared.drain().joined(separator: ", "))")
    print("  second appearance (from the database):")
    await viewModel.onAppear()
    transitions.flush()
    print("  analytics: \(AnalyticsLog.shared.drain().joined(separator: ", "))")
  }

  static func books() async {
    section("Books")
    let viewModel = BooksListViewModel(query: "borges")
    print("  query: \(viewModel.query)")
    let transitions = PropertyTransitions(viewModel, \.state) { state in
      print(
        "  state: \(describe(state) { books in list(books.map { "\($0.title) by \($0.authors.joined(separator: " & "))" }) })"
      )
    }
    await viewModel.load()
    transitions.flush()
    print("  empty books view: \(viewModel.showEmptyBooksView ? "shown" : "hidden")")
  }

  static func breeds() async {
    section("Dog breeds")
    print("  plain URLSession code, through Current.urlSession")
    let viewModel = BreedsViewModel()
    let transitions = PropertyTransitions(viewModel, \.state) { state in
      print("  state: \(describe(state) { list($0) })")
    }
    await viewModel.load()
    transitions.flush()
  }

  static func notes() async {
    section("Notes")
    print("  a launch count in Current.defaults, a note file in Current.directories.documents")
    let file = NoteFile()
    let first = NotesViewModel(file: file)
    await first.onAppear()
    print("  launch \(first.launches): \(note(first))")
    first.text = "Buy yerba mate"
    await first.save()
    let size = (try? Data(contentsOf: file.url)).map { "\($0.count) bytes" } ?? "missing"
    print("  saved \(file.name) in documents: \(first.error.map { "error: \($0)" } ?? size)")
    let second = NotesViewModel(file: file)
    await second.onAppear()
    print("  launch \(second.launches): \(note(second))")
  }

  /// The note a notes screen shows, or its error.
  static func note(_ viewModel: NotesViewModel) -> String {
    if let error = viewModel.error { return "error: \(error)" }
    return viewModel.text.isEmpty ? "no note" : "note \"\(viewModel.text)\""
  }

  static func countdown(from seconds: Int) async {
    section("Countdown")
    let viewModel = CountdownViewModel()
    let transitions = PropertyTransitions(viewModel, \.remaining) { remaining in
      guard let remaining else { return }
      print(remaining == 0 ? "  liftoff" : "  \(remaining)")
    }
    await viewModel.start(from: seconds)
    transitions.flush()
    print("  launch \(viewModel.launchID?.uuidString ?? "none")")
  }

  static func describe<Info>(_ state: ViewState<Info>, loaded: (Info) -> String) -> String {
    switch state {
    case .initial: return "initial"
    case .loading: return "loading"
    case .loaded(let info): return "loaded \(loaded(info))"
    case .error(let error): return "error: \(error)"
    }
  }

  static func list(_ items: [String]) -> String {
    items.isEmpty ? "nothing" : "\(items.count): " + items.joined(separator: "; ")
  }
}
