import CurrentWorld
import CurrentWorldSupport
import CurrentWorldTesting
import Foundation
import TestHelpers
import Testing

/// How many times each of ``Counted``' values was made.
private let made = Locked<[String: Int]>([:])

private func making(_ name: String, _ value: Int) -> Int {
  made.withLock { $0[name, default: 0] += 1 }
  return value
}

private func count(_ name: String) -> Int { made.withLock { $0[name, default: 0] } }

/// The second maker of `raced`'s live value has started.
private let secondMakerStarted = DispatchSemaphore(value: 0)

/// Makes `raced`'s live value, the number of makers so far: the first
/// waits (10 s at most) until a second has started, so two threads are
/// making it at once, whatever the scheduler does.
private func racingMaker() -> Int {
  let number = made.withLock { made -> Int in
    made["raced.live", default: 0] += 1
    return made["raced.live"]!
  }
  if number == 1 {
    _ = secondMakerStarted.wait(timeout: .now() + 10)
  } else {
    secondMakerStarted.signal()
  }
  return number
}

/// Dependencies whose values count how often they are made: each is read
/// by one test only, so the counts are that test's own.
private enum Counted {
  static let neverLive = WorldDependency(
    live: making("neverLive.live", 1), test: making("neverLive.test", 2))
  static let optedIn = WorldDependency(
    live: making("optedIn.live", 10), test: making("optedIn.test", 20))
  static let withPreview = WorldDependency(
    live: making("withPreview.live", 100), test: 200, preview: making("withPreview.preview", 300))
  static let previewsLive = WorldDependency(live: making("previewsLive.live", 7), test: 8)
  static let raced = WorldDependency(live: racingMaker(), test: 0)
  /// Its live value reads another dependency while it is made.
  static let reentrant = WorldDependency(live: "made after reading \(Current.token)", test: "")
  static let endpoint = WorldDependency(live: "https://api.example.com", test: "http://localhost")
  static let token = WorldDependency(live: "live-token", test: "test-token")
  /// Made anew at each read, as a `static var` is: not a dependency.
  static var unkept: WorldDependency<Int> { WorldDependency(live: 1, test: 2) }
  static let unkeptLine: UInt = #line - 1
}

extension World {
  fileprivate subscript<V>(dynamicMember key: KeyPath<Counted.Type, WorldDependency<V>>) -> V {
    get { self[key] }
    set { self[key] = newValue }
  }
}

/// Promises of a dependency declared as a `static let WorldDependency` in a
/// namespace and read through a module's dynamic-member subscript.
@Suite(.timeLimit(.minutes(10))) struct WorldDependencyTests {
  /// Promise: in a test process the test value is read, made once, and the
  /// live value is never made.
  @Test(.world) func aTestProcessMakesTheTestValueOnceAndNeverTheLiveOne() {
    #expect(Current.neverLive == 2)
    #expect(Current.neverLive == 2)
    #expect(World.live.neverLive == 2)
    #expect(count("neverLive.test") == 1)
    #expect(count("neverLive.live") == 0)
  }

  /// Promise: a test that opts in reaches the live value, made once however
  /// many worlds read it.
  @Test(.world) func theLiveContextMakesTheLiveValueOnce() {
    Current.context = .live
    #expect(Current.optedIn == 10)
    var another = World.live
    another.context = .live
    #expect(another.optedIn == 10)
    #expect(count("optedIn.live") == 1)
  }

  /// Promise: a world with the preview context reads the preview value, or
  /// the live one when the dependency has none. This is a world in a test
  /// process; a preview process, which makes no live value at all, is
  /// probed in a child process by `Examples/ModularApp`'s `LaunchProbe`.
  @Test(.world) func aPreviewWorldReadsThePreviewValueOrTheLiveOne() {
    Current.context = .preview
    #expect(Current.withPreview == 300)
    #expect(Current.previewsLive == 7)
    #expect(count("withPreview.preview") == 1)
    #expect(count("withPreview.live") == 0)
  }

  /// Promise: two threads that make a value at once (a context other
  /// than the process's, read for the first time) both get the one stored
  /// first, and every later read gets it too.
  @Test(.world) func racingFirstReadsAgreeOnOneValue() {
    var world = World.live
    world.context = .live
    let seen = Locked<[Int]>([])
    let done = DispatchGroup()
    // Threads of their own: under ThreadSanitizer on a busy machine, the
    // global queue's few threads were taken by other tests' work, and the
    // second maker did not start within the first's wait.
    for _ in 0..<2 {
      done.enter()
      Thread.detachNewThread { [world] in
        let value = world.raced
        seen.withLock { $0.append(value) }
        done.leave()
      }
    }
    #expect(done.wait(timeout: .now() + 20) == .success)
    #expect(count("raced.live") == 2)  // both threads made one
    let values = seen.withLock { $0 }
    #expect(values.count == 2 && Set(values).count == 1, "\(values)")
    #expect(values.first == world.raced)
  }

  /// Promise: a `static var` dependency, which makes a new instance at
  /// each read so that an override is lost, fails at its first read,
  /// naming its declaration and `static let`, and once only.
  @Test(.world) func aStaticVarIsReportedAtItsFirstRead() async {
    let log = ReportLog()
    await log.capture {
      _ = Current.unkept
      Current.unkept = 5
      _ = Current.unkept
    }
    #expect(log.messages.count == 1, "\(log.messages)")
    let message = log.messages.first ?? ""
    #expect(message.contains("Declare it with static let"), "\(message)")
    #expect(message.contains("WorldDependency<Int> in Counted"), "\(message)")
    #expect(log.reported.first?.line == Int(Counted.unkeptLine), "placed at the declaration")
    // A `static let` read as often reports nothing.
    let quiet = ReportLog()
    await quiet.capture {
      _ = Current.neverLive
      Current.token = "t"
      _ = Current.token
    }
    #expect(quiet.messages.isEmpty)
  }

  /// Promise: a value whose making reads `Current` is made without a lock
  /// held, so the read neither deadlocks nor traps.
  @Test(.world) func makingAValueMayReadCurrent() {
    Current.context = .live
    #expect(Current.reentrant == "made after reading live-token")
  }

  /// Promise: a write replaces the value inline, and a write to a member
  /// changes only that member of this world.
  @Test(.world) func writesAreInlineAndPerWorld() {
    Current.greeter.greet = { "hi \($0)" }
    #expect(Current.greeter.greet("Ana") == "hi Ana")
    #expect(World.live.greeter.greet("Ana") == "test greeting for Ana")
    Current.endpoint = "http://127.0.0.1:8080"
    #expect(Current.endpoint == "http://127.0.0.1:8080")
    #expect(Current.token == "test-token")
  }

  /// Promise: the instance subscript reads and writes the same value as the
  /// dynamic member, the way to name a dependency two modules both declare.
  @Test(.world) func theInstanceSubscriptIsTheSameField() {
    Current[Counted.token] = "by instance"
    #expect(Current.token == "by instance")
    Current.token = "by name"
    #expect(Current[Counted.token] == "by name")
  }

  /// Promise: scopes keep their writes; a scope's changes merge into the
  /// world it was read from, field by field.
  @Test(.world) func scopesKeepAndMergeTheirWrites() async {
    Current.token = "outer"
    withWorld(
      { $0.token = "inner" },
      operation: {
        #expect(Current.token == "inner")
        Current.token = "written inside"
      })
    #expect(Current.token == "outer")
    var inner = Current
    inner.endpoint = "merged"
    Current.token = "written meanwhile"
    Current = inner
    #expect(Current.endpoint == "merged")
    #expect(Current.token == "written meanwhile")
    await withWorld(
      { $0.token = "async scope" },
      operation: {
        await Task.yield()
        #expect(Current.token == "async scope")
      })
  }

  /// Promise: a shared world carries the dependency's override into work
  /// that leaves the task tree, and a write there is seen by its owner.
  @Test(.world) func aSharedWorldCarriesTheOverride() async {
    Current.token = "shared"
    let shared = SharedWorld()
    let seen = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        shared.run {
          continuation.resume(returning: Current.token)
          Current.endpoint = "written on a queue"
        }
      }
    }
    #expect(seen == "shared")
    #expect(shared.world.endpoint == "written on a queue")
  }

  /// Promise: an override keeps its dependency alive, so no other object can
  /// take its identity while a world holds the override.
  @Test(.world) func anOverrideKeepsItsDependencyAlive() {
    weak var gone: WorldDependency<Int>?
    do {
      let local = WorldDependency(live: 1, test: 2)
      gone = local
      Current[local] = 3
      #expect(Current[local] == 3)
    }
    #expect(gone != nil)
    Current = World.live
    #expect(gone == nil)
  }

  /// Promise: two instances are two dependencies, even of one type.
  @Test(.world) func twoInstancesAreTwoDependencies() {
    let first = WorldDependency(live: 1, test: 2)
    let second = WorldDependency(live: 1, test: 2)
    Current[first] = 9
    #expect(Current[first] == 9)
    #expect(Current[second] == 2)
  }

  /// Promise: a description counts the overridden dependencies of both forms.
  @Test func aDescriptionCountsOverrides() {
    var world = World.live
    world.token = "x"
    world.retryCount = 4
    #expect(String(describing: world).hasSuffix("app-defined dependencies: 2 set)"))
  }
}
