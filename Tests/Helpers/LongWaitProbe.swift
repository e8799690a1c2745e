#if DEBUG
  import CurrentWorld
  import Foundation

  /// For a child process (an exit test) that checks which long waits are
  /// named: the process's note patience is set to one second, before
  /// anything reads it.
  public func noteLongWaitsAfterOneSecond() {
    setenv("CURRENTWORLD_WAIT_NOTE_SECONDS", "1", 1)
  }

  /// A world of the test named `name`, with the end checks that the `.world`
  /// trait and `WorldTestCase` give each test's world.
  package func testWorld(named name: String) -> (World, TestEndChecks) {
    let checks = TestEndChecks(testName: name)
    var world = World.test
    world[TestEndChecksKey.self] = checks
    return (world, checks)
  }

  /// Ends the child process: exit code 0 once `count` long-wait notes are
  /// written, 3 if they are not within 60 s of real time.
  public func exitOnceLongWaitsNoted(_ count: Int) async -> Never {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(60)
    while LongWaits.notesWritten < count && clock.now < deadline {
      try? await clock.sleep(for: .milliseconds(50))
    }
    // Two more looks of the watcher, for a note that should not come.
    try? await clock.sleep(for: .seconds(1.2))
    exit(LongWaits.notesWritten >= count ? 0 : 3)
  }

  /// The lines that `bytes` (a child's standard error) holds, which name a
  /// test's long wait.
  public func longWaitNotes(_ bytes: [UInt8]?) -> [String] {
    String(decoding: bytes ?? [], as: UTF8.self).split(separator: "\n")
      .filter { $0.hasPrefix("CurrentWorld: the test ") || $0.hasPrefix("CurrentWorld: work of ") }
      .map(String.init)
  }
#endif
