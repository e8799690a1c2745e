import CurrentWorld
import Foundation
import Testing

@Suite struct ViewStateTests {
  struct Failure: Error {}
  enum Coded: Int, Error {
    case first = 1
    case second = 2
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

  @Test func errorsAreEqualByDomainAndCode() {
    #expect(ViewState<Int>.error(Coded.first) == .error(Coded.first))
    #expect(ViewState<Int>.error(Coded.first) != .error(Coded.second))
    #expect(ViewState<Int>.error(Failure()) != .error(Coded.first))
    let url = NSError(domain: NSURLErrorDomain, code: -1001)
    #expect(
      ViewState<Int>.error(url)
        == .error(NSError(domain: NSURLErrorDomain, code: -1001, userInfo: ["x": 1])))
    #expect(ViewState<Int>.error(url) != .error(NSError(domain: "Other", code: -1001)))
  }
}
