// A test file as users write it. It builds in debug; in release every name
// from CurrentWorldTesting, and `withWorld`, must be refused with a message
// that says tests need a debug build, never "cannot find … in scope".
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing
import XCTest

@Suite(.world) struct TestNames {
  @Test func clocks() async throws {
    let clock = TestClock(now: TestInstant(offset: .zero))
    _ = ImmediateClock()
    _ = UnimplementedClock()
    _ = UnimplementedClock("Current.clock", line: 1)
    _ = clock
  }

  @Test func worlds() async {
    _ = World.test
    _ = World.testDate
    _ = UUID.incrementing()
    _ = UUID(1)
    withWorld(World.test) {}
    await withWorld {
      $0.locale = Locale(identifier: "fr_FR")
    } operation: {
      await Task.yield()
    }
    _ = await expectDeallocation { NSObject() }
    _ = await expectDeallocation(timeout: .seconds(1), clock: ContinuousClock(), line: 1) {
      NSObject()
    }
  }
}

final class TestNamesCase: WorldTestCase {
  func testLeaks() {
    assertDeallocatedAfterTest(NSObject())
    assertDeallocatedAfterTest(NSObject(), filePath: #filePath, line: 1)
  }
}
