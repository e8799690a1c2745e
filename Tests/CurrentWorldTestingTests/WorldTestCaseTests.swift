import CurrentWorld
import CurrentWorldExamples
import CurrentWorldTesting
import Foundation
import XCTest

/// XCTest support, observed through the failures XCTest records, which this
/// class intercepts to keep the ones a test provokes on purpose.
final class WorldTestCaseTests: FailureKeepingTestCase {
  private var failures: [(message: String, file: String, line: Int)] = []
  private var capturing = false

  override func keeps(_ message: String, file: String, line: Int) -> Bool {
    guard capturing else { return false }
    failures.append((message, file, line))
    return true
  }

  /// Keeps the failures recorded while `body` runs.
  private func capturingFailures<R>(_ body: () async throws -> R) async rethrows -> R {
    capturing = true
    defer { capturing = false }
    return try await body()
  }

  func testSyncTestsRunInTheTestWorld() {
    XCTAssertEqual(Current.date(), World.testDate)
    XCTAssertEqual(Current.context, .test)
    XCTAssertEqual(Current.locale.identifier, "en_US_POSIX")
    Current.date = { .distantFuture }
    XCTAssertEqual(Current.date(), .distantFuture)
  }

  func testAsyncTestsRunInTheTestWorld() async throws {
    XCTAssertEqual(Current.date(), World.testDate)
    Current.score = 42
    try await Task.sleep(for: .milliseconds(1))
    XCTAssertEqual(Current.score, 42)
    let fromChild = await Task { Current.score }.value
    XCTAssertEqual(fromChild, 42)
  }

  func testWritesDoNotLeakIntoOtherTests() {
    // Other tests of this class set these; each starts from the test world.
    XCTAssertEqual(Current.date(), World.testDate)
    XCTAssertEqual(Current.score, 0)
    Current.score = 7
  }

  func testUnimplementedAPIsFailTheTestAndThrow() async {
    let thrown: (any Error)? = await capturingFailures {
      do {
        _ = try await Current.catFactAPI.fetchFact()
        return nil
      } catch {
        return error
      }
    }
    XCTAssertEqual((thrown as? UnimplementedError)?.field, "Current.catFactAPI.fetchFact")
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("Current.catFactAPI.fetchFact = { … }") == true)
    // Corelibs XCTest places it at the dependency's test value, the app's
    // own line.
    XCTAssertTrue(failures.first?.file.hasSuffix("AppDependencies.swift") == true)
    // The test goes on after the failure.
    XCTAssertEqual(Current.date(), World.testDate)
  }

  func testUnimplementedAppDependenciesFailTheTest() async {
    await capturingFailures { Current.analytics.log("opened") }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.message.contains("Current.analytics.log was called") == true)
  }

  func testLeakCheckReportsASurvivorByType() {
    let survivor = SelfRetaining()
    // Teardown blocks run last-in first-out: this check runs after the two
    // leak checks registered below it.
    addTeardownBlock { [self] in
      capturing = false
      XCTAssertEqual(failures.count, 1)
      XCTAssertTrue(failures.first?.message.contains("SelfRetaining was not deallocated") == true)
      survivor.me = nil
    }
    assertDeallocatedAfterTest(survivor)
    assertDeallocatedAfterTest(Plain())
    capturing = true
  }
}

/// A subclass that overrides the starting world.
final class CustomWorldTestCaseTests: WorldTestCase {
  override var world: World {
    var world = World.test
    world.locale = Locale(identifier: "es-AR")
    world.score = 3
    return world
  }

  func testStartsFromTheOverriddenWorld() {
    XCTAssertEqual(Current.locale.identifier, "es-AR")
    XCTAssertEqual(Current.score, 3)
    XCTAssertEqual(Current.date(), World.testDate)
  }
}
