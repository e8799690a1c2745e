#if DEBUG
  import Foundation

  /// What CurrentWorldTesting's `TestSupport` class does when the core finds
  /// it: connect the test runners, before any test reads `Current`.
  package protocol TestSupportConnecting: AnyObject {
    /// Installs the issue reporter and the XCTest observer; must not read
    /// `Current`, because it runs while the process-wide world is made.
    static func connect()
  }

  /// Finds CurrentWorldTesting in a test process that links it, so that a
  /// plain `XCTestCase` that never names it still has its writes reset after
  /// each test, and its forgotten overrides still fail the test.
  ///
  /// The core cannot import CurrentWorldTesting (apps link the core), so it
  /// looks the class up by name with Foundation's `NSClassFromString`, once,
  /// when the process-wide world is first made.
  enum TestSupportLink {
    /// The name of CurrentWorldTesting's class.
    static let className = "CurrentWorldTesting.TestSupport"

    static func connect() {
      (NSClassFromString(className) as? any TestSupportConnecting.Type)?.connect()
    }
  }
#endif
