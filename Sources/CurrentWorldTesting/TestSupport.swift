#if DEBUG
  import CurrentWorld
  import Foundation

  /// The class that CurrentWorld finds by name when a test process first
  /// reads `Current`, so that the test runners are connected even in a test
  /// target whose files never name CurrentWorldTesting. Its name is fixed:
  /// the core looks up "CurrentWorldTesting.TestSupport".
  final class TestSupport: NSObject, TestSupportConnecting {
    static func connect() {
      TestRunnerReporter.install()
    }
  }
#endif
