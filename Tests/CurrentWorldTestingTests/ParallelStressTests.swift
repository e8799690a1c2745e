import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Testing

/// 500 parameterized cases, run in parallel, each overwriting `Current`
/// inline the way the seeds do, and checking that only its own values are
/// ever seen. `.ci/run` also runs this under ThreadSanitizer.
@Suite(.world, .timeLimit(.minutes(10))) struct ParallelStressTests {
  static let locales = ["es-AR", "en-GB", "en-US", "ja-JP", "ar-EG"]

  @Test(arguments: 0..<500)
  func inlineOverridesStayInTheirTest(_ index: Int) async {
    let date = Date(timeIntervalSince1970: Double(index) * 3_600)
    let locale = Locale(identifier: Self.locales[index % Self.locales.count])
    let fact = CatFact(fact: "fact \(index)", length: index)
    Current.date = { date }
    Current.locale = locale
    Current.score = index
    Current.catFactAPI.fetchFact = { fact }
    Current.analytics.log = { _ in }

    @Sendable func wrongValues(_ place: String) async -> [String] {
      var wrong: [String] = []
      if Current.date() != date { wrong.append("date") }
      if Current.locale != locale { wrong.append("locale") }
      if Current.score != index { wrong.append("score") }
      // Called only when the rest is right: in a world that is wrong, the
      // call would report a forgotten override in each of 2,500 places, and
      // a broken build would spend minutes printing them.
      if wrong.isEmpty, (try? await Current.catFactAPI.fetchFact()) != fact {
        wrong.append("catFactAPI")
      }
      return wrong.map { "case \(index), \(place): \($0)" }
    }

    try? await Task.sleep(for: .microseconds(Int.random(in: 0...300)))
    async let child = wrongValues("async let")
    let unstructured = await Task {
      try? await Task.sleep(for: .microseconds(Int.random(in: 0...300)))
      return await wrongValues("Task {}")
    }.value
    let grouped = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<2 { group.addTask { await wrongValues("task group") } }
      return await group.reduce(into: []) { $0 += $1 }
    }
    await Task.yield()
    let all = await wrongValues("test") + child + unstructured + grouped
    #expect(all.isEmpty, "\(all)")
  }
}
