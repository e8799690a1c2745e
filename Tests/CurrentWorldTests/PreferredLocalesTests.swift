import CurrentWorld
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// `Current.preferredLocales`: the platform's ordered languages in a live
/// world, one fixed locale in a test's, overridable inline like every
/// field. (Its merge, `print` and place in the test world are checked with
/// every field's, from the table.)
@Suite(.world) struct PreferredLocalesTests {
  @Test func theLiveWorldHasThePlatformsList() {
    let platform = Locale.preferredLanguages
    #expect(
      World.live.preferredLocales.map(\.identifier)
        == platform.map { Locale(identifier: $0).identifier })
    #expect(!World.live.preferredLocales.isEmpty)
  }

  @Test func theTestWorldHasOneFixedLocale() {
    #expect(Current.preferredLocales == [Locale(identifier: "en_US")])
    #expect(World.fixed(at: .distantPast).preferredLocales == [Locale(identifier: "en_US")])
  }

  @Test func aTestOverridesItInlineAndAnotherTestNeverSeesIt() async {
    Current.preferredLocales = [Locale(identifier: "pt_BR"), Locale(identifier: "es")]
    #expect(Current.preferredLocales.map(\.identifier) == ["pt_BR", "es"])
    withWorld(.test) {
      #expect(Current.preferredLocales == [Locale(identifier: "en_US")])
    }
    let seen = await Task { Current.preferredLocales.first?.identifier }.value
    #expect(seen == "pt_BR")
  }

  /// Promise: the list and `locale` are separate settings, as on the
  /// platform: writing one leaves the other.
  @Test func itAndTheLocaleAreNotForcedToAgree() {
    Current.locale = Locale(identifier: "de_DE")
    #expect(Current.preferredLocales == [Locale(identifier: "en_US")])
    Current.preferredLocales = [Locale(identifier: "ja")]
    #expect(Current.locale.identifier == "de_DE")
    #expect(Current.calendar.locale?.identifier == "de_DE")
  }

  /// By their identifiers, as the locale prints.
  @Test func aWorldPrintsIt() {
    #expect(String(describing: Current).contains("preferredLocales: en_US,"))
    var world = Current
    world.preferredLocales = [Locale(identifier: "sv_SE"), Locale(identifier: "ko")]
    #expect(String(describing: world).contains("preferredLocales: sv_SE, ko,"))
  }
}
