import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

/// Promise: each test's settings, folders and environment are its own, and
/// its random numbers are the same in every run.
///
/// Ten minutes, as for the other suites that suspend: under TSan on two
/// cores, 48 parallel cases that each yield ten times were starved to the
/// end of the run and overran a 2-minute limit, with nothing wrong.
@Suite(.world, .timeLimit(.minutes(10))) struct StoredStateTests {
  /// Parallel cases write the same key and the same file name: each sees
  /// its own, starting from an empty store and an empty folder, and the
  /// real settings store sees none of them.
  @Test(arguments: 0..<32) func eachTestHasItsOwnSettingsAndFolders(_ number: Int) async throws {
    #expect(Current.defaults.string(forKey: "stored.shared") == nil)
    let file = Current.directories.documents.appendingPathComponent("shared.txt")
    #expect(!FileManager.default.fileExists(atPath: file.path))
    Current.defaults.set("value \(number)", forKey: "stored.shared")
    try Data("file \(number)".utf8).write(to: file)
    // Let the other cases write meanwhile.
    for _ in 0..<10 { await Task.yield() }
    try await Task.sleep(for: .milliseconds(number % 5))
    #expect(Current.defaults.string(forKey: "stored.shared") == "value \(number)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "file \(number)")
    #expect(UserDefaults.standard.object(forKey: "stored.shared") == nil)
  }

  /// Each folder is made, apart from the others, under the temporary
  /// directory, and copies of the world read the same ones.
  @Test func everyFolderIsMadeUnderTheTemporaryDirectory() throws {
    let folders = Current.directories
    let all = [folders.documents, folders.caches, folders.applicationSupport, folders.temporary]
    #expect(Set(all).count == 4)
    let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
    for folder in all {
      var isFolder: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder))
      #expect(isFolder.boolValue, "\(folder.path)")
      #expect(folder.standardizedFileURL.path.hasPrefix(temporary), "\(folder.path)")
    }
    #expect(folders.documents != AppDirectories.platform.documents)
    let copy = Current
    #expect(copy.directories == folders)
  }

  /// Concurrent first reads, from child tasks, make one store and one
  /// folder. It passes whatever the scheduling when the code is right; a
  /// store that keeps the last maker's instead of the first's fails it in
  /// most runs, not all (two of three here), as a race needs the overlap.
  @Test func racingFirstReadsMakeOneStoreAndOneFolder() async {
    let (stores, folders) = await withTaskGroup(of: (UserDefaultsBox, URL).self) { group in
      for _ in 0..<16 {
        group.addTask { (UserDefaultsBox(Current.defaults), Current.directories.documents) }
      }
      return await group.reduce(into: ([UserDefaultsBox](), Set<URL>())) {
        $0.0.append($1.0)
        $0.1.insert($1.1)
      }
    }
    #expect(folders.count == 1)
    #expect(Set(stores.map { ObjectIdentifier($0.defaults) }).count == 1)
  }

  /// A world made from the test's (a server request's, a `SharedWorld`'s
  /// work) reads the same store.
  @Test func workHandedTheWorldReadsTheSameStore() async {
    Current.defaults.set(7, forKey: "stored.handed")
    let world = SharedWorld()
    let read = await Task.detached {
      world.run { Current.defaults.integer(forKey: "stored.handed") }
    }
    .value
    #expect(read == 7)
  }

  /// A test may set its own store and folders, like any field.
  @Test func aTestSetsItsOwnStoreAndFolders() throws {
    let suite = "CurrentWorldTests.\(UUID().uuidString)"
    let store = try #require(UserDefaults(suiteName: suite))
    defer { store.removePersistentDomain(forName: suite) }
    Current.defaults = store
    Current.defaults.set("mine", forKey: "stored.own")
    #expect(store.string(forKey: "stored.own") == "mine")
    let documents = URL(fileURLWithPath: "/nonexistent/Documents")
    Current.directories.documents = documents
    #expect(Current.directories.documents == documents)
  }

  /// A write to the environment changes this world's copy: not the
  /// process's, nor a parallel test's.
  @Test(arguments: 0..<16) func anEnvironmentWriteStaysInItsTest(_ number: Int) async {
    let name = "CURRENTWORLD_STORED_STATE_TEST"
    #expect(Current.environment[name] == nil)
    #expect(Current.environment["PATH"] == ProcessInfo.processInfo.environment["PATH"])
    Current.environment[name] = "\(number)"
    for _ in 0..<10 { await Task.yield() }
    #expect(Current.environment[name] == "\(number)")
    #expect(ProcessInfo.processInfo.environment[name] == nil)
  }

  /// The test world's generator is SplitMix64 from seed 0: the same
  /// numbers in every world, every run and on every platform (the
  /// algorithm's published first outputs for seed 0).
  @Test func theTestWorldsNumbersAreTheSameInEveryRun() {
    var random = Current.random
    #expect(
      [random.next(), random.next(), random.next()] == [
        0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
      ])
    var other = World.test.random
    var again = World.test.random
    let deck = Array(1...52)
    #expect(deck.shuffled(using: &other) == deck.shuffled(using: &again))
    #expect(Int.random(in: 1...6, using: &other) == Int.random(in: 1...6, using: &again))
    #expect(deck.randomElement(using: &other) == deck.randomElement(using: &again))
  }

  /// A seed a test sets decides the numbers; copies share one sequence, so
  /// concurrent draws take each number once.
  @Test func concurrentDrawsShareOneSequence() async {
    Current.random = .seeded(42)
    var reference = RandomSource.seeded(42)
    let expected = Set((0..<8_000).map { _ in reference.next() })
    let drawn = await withTaskGroup(of: [UInt64].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var random = Current.random
          return (0..<1_000).map { _ in random.next() }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(drawn.count == 8_000)
    #expect(Set(drawn) == expected)
  }

  /// The live world's generator is the system's: two live sources do not
  /// repeat each other, as two seeded ones would.
  @Test func theLiveGeneratorIsTheSystems() {
    var first = World.live.random
    var second = World.live.random
    #expect((0..<4).map { _ in first.next() } != (0..<4).map { _ in second.next() })
  }
}

/// A `UserDefaults` handed out of a child task.
struct UserDefaultsBox: @unchecked Sendable {
  // @unchecked Sendable: only its identity is read, after the task ended.
  let defaults: UserDefaults

  init(_ defaults: UserDefaults) {
    self.defaults = defaults
  }
}
