import CurrentWorld
import CurrentWorldTesting
import Foundation
import XCTest

/// Promise: a `WorldTestCase` test's settings and folders are its own,
/// and are removed as the test ends (checked after `invokeTest`, when its
/// world has ended).
final class WorldTestCaseStoredStateTests: WorldTestCase {
  private var root: URL?

  override func invokeTest() {
    super.invokeTest()
    guard let root else { return }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: root.path), "the test's folders outlived it")
  }

  func testItsSettingsAndFoldersAreItsOwn() throws {
    XCTAssertNil(Current.defaults.object(forKey: "stored.case"))
    Current.defaults.set("mine", forKey: "stored.case")
    XCTAssertNil(UserDefaults.standard.object(forKey: "stored.case"))
    let documents = Current.directories.documents
    root = documents.deletingLastPathComponent()
    try Data("mine".utf8).write(to: documents.appendingPathComponent("case.txt"))
    XCTAssertEqual(Current.defaults.string(forKey: "stored.case"), "mine")
  }
}
