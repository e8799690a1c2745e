import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import Observation

/// An app-defined dependency whose test value is unimplemented, as an app
/// would declare it.
struct Analytics: Sendable {
  var track: @Sendable (String) async throws -> Void
  var log: @Sendable (String) -> Void
}

enum AnalyticsKey: WorldKey {
  static let liveValue = Analytics(track: { _ in }, log: { print($0) })
  static let testValue = Analytics(
    track: unimplemented("Current.analytics.track"),
    log: unimplemented("Current.analytics.log", placeholder: ())
  )
}

/// A plain app-defined value.
enum AppDependencies {
  static let score = WorldDependency(live: 100, test: 0)
}

extension World {
  subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

extension World {
  var analytics: Analytics {
    get { self[AnalyticsKey.self] }
    set { self[AnalyticsKey.self] = newValue }
  }
}

/// A view model shaped like the seeds' CatFact screen.
@MainActor @Observable final class FactViewModel {
  var state: ViewState<CatFact> = .initial

  func fetch() async {
    state = .loading
    do {
      state = .loaded(try await Current.catFactAPI.fetchFact())
    } catch {
      state = .error(error)
    }
  }
}

/// A class that keeps itself alive, for the leak checks.
final class SelfRetaining: @unchecked Sendable {
  var me: SelfRetaining?
  init() { me = self }
}

final class Plain: Sendable {}
