import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The world `world-demo` runs on by default: `World.fixed(at:)`, the same
/// deterministic base as the test world, in `en_US`, with the live API
/// clients talking to embedded JSON instead of the network, so the demo
/// exercises the real request building and decoding and prints the same
/// bytes every run.
enum FixtureWorld {
  static let date = Date(timeIntervalSince1970: 1_768_487_400)  // 2026-01-15T14:30:00Z

  static var world: World {
    var world = World.fixed(at: date)
    world.context = .test
    world.locale = Locale(identifier: "en_US")
    world.moviesDatabase = .inMemory()
    useAPIs(in: &world) { client($0) }
    return world
  }

  /// Sets each example API of `world` to its live client, over the client
  /// that `client` makes for the service's base URL (its real one, so that
  /// a recording names the real service).
  static func useAPIs(in world: inout World, _ client: (URL) -> HTTPClient) {
    world.pokemonsAPI = .live(client: client(PokemonsAPI.defaultBaseURL), limit: 6)
    world.catFactAPI = .live(client: client(CatFactAPI.defaultBaseURL))
    world.moviesAPI = .live(client: client(MoviesAPI.defaultBaseURL))
    world.booksAPI = .live(client: client(BooksAPI.defaultBaseURL), limit: 3)
  }

  /// A client for `baseURL` that the embedded JSON answers.
  static func client(_ baseURL: URL) -> HTTPClient {
    HTTPClient(baseURL: baseURL, token: { "fixture-token" }, transport: answer)
  }

  /// Serves the embedded JSON by path, as the real services would.
  @Sendable static func answer(_ request: URLRequest) async throws -> (Data, URLResponse) {
    let url = request.url!
    let body: String
    var status = 200
    switch url.path {
    case "/api/v2/pokemon": body = pokemons
    case "/fact": body = catFact
    case "/3/movie/popular": body = movies
    case "/search.json": body = books
    default:
      status = 404
      body = #"{"error": "no fixture for \#(url.path)"}"#
    }
    let response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1",
      headerFields: ["Content-Type": "application/json"])!
    return (Data(body.utf8), response)
  }

  static let pokemons = """
    {"count": 1302, "next": null, "previous": null, "results": [
      {"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon/1/"},
      {"name": "ivysaur", "url": "https://pokeapi.co/api/v2/pokemon/2/"},
      {"name": "venusaur", "url": "https://pokeapi.co/api/v2/pokemon/3/"},
      {"name": "charmander", "url": "https://pokeapi.co/api/v2/pokemon/4/"},
      {"name": "charmeleon", "url": "https://pokeapi.co/api/v2/pokemon/5/"},
      {"name": "charizard", "url": "https://pokeapi.co/api/v2/pokemon/6/"}]}
    """

  static let catFact = """
    {"fact": "A cat's purr vibrates at a frequency of 25 to 150 hertz.", "length": 56}
    """

  static let movies = """
    {"page": 1, "results": [
      {"id": 1, "title": "Nueve reinas", "release_date": "2000-08-31"},
      {"id": 2, "title": "El secreto de sus ojos", "release_date": "2009-08-13"},
      {"id": 3, "title": "Relatos salvajes", "release_date": "2014-08-21"}]}
    """

  /// The dog breeds service's answer, which plain `URLSession` code reads
  /// (``BreedsLoader``): a session replays it, as a recording.
  static let breeds = try! HTTPArchive(
    data: Data(
      #"""
      {"log": {"version": "1.2", "entries": [{
        "request": {"method": "GET", "url": "https://dog.ceo/api/breeds/list/all"},
        "response": {"status": 200,
          "headers": [{"name": "Content-Type", "value": "application/json"}],
          "content": {"mimeType": "application/json",
            "text": "{\"message\": {\"akita\": [], \"basenji\": [], \"hound\": [\"afghan\", \"basset\"], \"pug\": []}, \"status\": \"success\"}"}}}]}}
      """#.utf8))

  static let books = """
    {"numFound": 3, "docs": [
      {"title": "Ficciones", "author_name": ["Jorge Luis Borges"], "first_publish_year": 1944},
      {"title": "El Aleph", "author_name": ["Jorge Luis Borges"], "first_publish_year": 1949},
      {"title": "Rayuela", "author_name": ["Julio Cortázar"], "first_publish_year": 1963}]}
    """
}
