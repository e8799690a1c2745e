import CurrentWorld
import Foundation
import TestHelpers
import Testing

/// `World.isIdentical(to:)`: copies are identical until one is written;
/// worlds built alike are not.
@Suite struct WorldIdentityTests {
  @Test func aCopyIsIdenticalUntilWritten() {
    let world = fixedWorld()
    var copy = world
    #expect(copy.isIdentical(to: world))
    copy.locale = world.locale
    #expect(!copy.isIdentical(to: world))
    #expect(!fixedWorld().isIdentical(to: fixedWorld()))
  }

  @Test func currentReadTwiceInAScopeIsIdenticalUntilTheScopeIsWritten() {
    withWorld(fixedWorld()) {
      let first = Current
      #expect(Current.isIdentical(to: first))
      Current.locale = Locale(identifier: "ja_JP")
      #expect(!Current.isIdentical(to: first))
    }
  }
}
