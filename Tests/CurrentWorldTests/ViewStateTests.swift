import CurrentWorld
import Foundation
import Testing

@Suite struct ViewStateTests {
  struct Failure: Error {}
  enum Coded: Int, Error {
    case first = 1
    case second = 2
  }
  /// An error with associated values and its own `==`, as `APIError` has.
  enum Remote: Error, Equatable {
    case status(code: Int, url: URL, bodyExcerpt: String)
    case timeout(url: URL)
  }

  @Test func accessorsReportTheCase() {
    let states: [ViewState<Int>] = [.initial, .loading, .loaded(3), .error(Failure())]
    #expect(states.map(\.isLoading) == [false, true, false, false])
    #expect(states.map(\.info) == [nil, nil, 3, nil])
    #expect(states.map { $0.error != nil } == [false, false, false, true])
  }

  @Test func equalityComparesCasesAndInfo() {
    #expect(ViewState<Int>.initial == .initial)
    #expect(ViewState<Int>.loading == .loading)
    #expect(ViewState<Int>.loaded(1) == .loaded(1))
    #expect(ViewState<Int>.loaded(1) != .loaded(2))
    #expect(ViewState<Int>.initial != .loading)
    #expect(ViewState<Int>.loaded(1) != .error(Failure()))
  }

  @Test func errorsAreEqualOnlyWhenTheyAreTheSameError() {
    #expect(ViewState<Int>.error(Coded.first) == .error(Coded.first))
    #expect(ViewState<Int>.error(Coded.first) != .error(Coded.second))
    #expect(ViewState<Int>.error(Failure()) != .error(Coded.first))
    let url = NSError(domain: NSURLErrorDomain, code: -1001)
    #expect(ViewState<Int>.error(url) == .error(NSError(domain: NSURLErrorDomain, code: -1001)))
    #expect(
      ViewState<Int>.error(url)
        != .error(NSError(domain: NSURLErrorDomain, code: -1001, userInfo: ["x": 1])))
    #expect(ViewState<Int>.error(url) != .error(NSError(domain: "Other", code: -1001)))
    #expect(ViewState<Int>.error(url) != .error(NSError(domain: NSURLErrorDomain, code: -1009)))
  }

  @Test func equatableErrorsCompareWithTheirOwnEquality() {
    let url = URL(string: "https://api.example.com/facts")!
    let notFound = Remote.status(code: 404, url: url, bodyExcerpt: "missing")
    #expect(
      ViewState<Int>.error(notFound)
        == .error(Remote.status(code: 404, url: url, bodyExcerpt: "missing")))
    #expect(
      ViewState<Int>.error(notFound)
        != .error(Remote.status(code: 500, url: url, bodyExcerpt: "missing")))
    #expect(
      ViewState<Int>.error(notFound)
        != .error(Remote.status(code: 404, url: url, bodyExcerpt: "gone")))
    #expect(ViewState<Int>.error(Remote.timeout(url: url)) != .error(notFound))
    let fact = UnimplementedError(field: "Current.catFactAPI.fetchFact", description: "fact")
    let pokemons = UnimplementedError(field: "Current.pokemonsAPI.fetchPokemons", description: "p")
    #expect(ViewState<Int>.error(fact) == .error(fact))
    #expect(ViewState<Int>.error(fact) != .error(pokemons))
  }

  /// Promise: errors that are not `Equatable` compare as NSErrors do, by
  /// domain and code too: two cases of one error type differ.
  @Test func errorsThatAreNotEquatableCompareTheirCodes() {
    enum Fault: Error {
      case disk(String)
      case network(String)
    }
    #expect(ViewState<Int>.error(Fault.disk("full")) == .error(Fault.disk("full")))
    #expect(ViewState<Int>.error(Fault.disk("full")) != .error(Fault.network("full")))
  }

  @Test func errorsOfDifferentTypesAreNeverEqual() {
    // The same domain and code, bridged from two types.
    let bridged = Coded.first as NSError
    let made = NSError(domain: bridged.domain, code: bridged.code)
    #expect(ViewState<Int>.error(Coded.first) != .error(made))
  }
}
