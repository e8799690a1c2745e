import CurrentWorld
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// A failure is shown where the test's author can act: at the running
/// test, not at the key's declaration or inside the library, with the
/// declaration kept in the message.
@Suite(.world, .timeLimit(.minutes(10))) struct FailurePlacementTests {
  /// Promise: a forgotten override of an app key is shown at the test,
  /// and the message names where the key's unimplemented value is declared.
  @Test func aForgottenOverrideIsShownAtTheTest() {
    let test = Test.current!.sourceLocation
    withKnownIssue {
      Current.analytics.log("opened")
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation == test
        && text.contains("Current.analytics.log was called")
        && text.contains("declared at CurrentWorldTestingTests/Support.swift:18")
    }
  }

  /// Promise: an unarranged sleep on the test world's clock is shown at the
  /// test, not at the library's `World+Test.swift`.
  @Test func anUnarrangedSleepIsShownAtTheTest() async {
    let test = Test.current!.sourceLocation
    await withKnownIssue {
      // Bounded: a sleep that never ends fails here by name (its own
      // message matches nothing below), not at the suite's time limit.
      _ = await settled(Task { try await Current.clock.sleep(for: .seconds(1)) })
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation == test && text.contains("Current.clock")
        && text.contains("declared at CurrentWorldTesting/World+Test.swift")
    }
  }
}
