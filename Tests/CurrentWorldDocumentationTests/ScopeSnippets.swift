// The code of the article "Scopes and concurrency", compiled and run as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

@Suite(.world) struct ScopeSnippets {
  @Test func scopesAreInherited() async {
    await withWorld {
      $0.locale = Locale(identifier: "fr_FR")
    } operation: {
      async let child = Current.locale.identifier
      let unstructured = await Task { Current.locale.identifier }.value
      let detached = await Task.detached { Current.locale.identifier }.value

      #expect(await child == "fr_FR")
      #expect(unstructured == "fr_FR")
      #expect(detached != "fr_FR")  // the process-wide world
    }
  }

  @Test func detachedWorkCanTakeItsWorldAlong() async {
    let world = Current
    let identifier = await Task.detached {
      withWorld(world) { Current.locale.identifier }
    }.value
    #expect(identifier == "en_US_POSIX")
  }

  @Test func writesStayInTheirScope() {
    withWorld {
      $0.date = { .distantPast }
    } operation: {
      Current.date = { .distantFuture }
      #expect(Current.date() == .distantFuture)
    }
    #expect(Current.date() == World.testDate)
  }
}
