import CurrentWorld
import CurrentWorldHTTP
import CurrentWorldSupport
import CurrentWorldTesting
import Dispatch
import Foundation
import TestHelpers
import Testing

/// Work that escapes the task tree, in every form an app uses: what it sees
/// on its own (the process-wide world, never the test's), and what it sees
/// through `SharedWorld` (the test's world, with its writes coming back).
///
/// Each case runs `body` the way its context does and waits for it; `body`
/// reads the test's override and writes a new value.
@Suite(.world, .timeLimit(.minutes(10))) struct EscapingWorkTests {
  typealias Escape = @Sendable (_ body: @escaping @Sendable () -> Void) async -> Void

  static let contexts: [(name: String, escape: Escape)] = [
    (
      "DispatchQueue.global().async",
      { body in
        await waiting { done in
          DispatchQueue.global().async {
            body()
            done()
          }
        }
      }
    ),
    (
      "DispatchQueue.main.async",
      { body in
        await waiting { done in
          DispatchQueue.main.async {
            body()
            done()
          }
        }
      }
    ),
    ("Task.detached", { body in await Task.detached { body() }.value }),
    (
      "OperationQueue",
      { body in
        let queue = OperationQueue()
        await waiting { done in
          queue.addOperation {
            body()
            done()
          }
        }
      }
    ),
    ("NotificationCenter observer with a queue", { body in await notificationObserver(body) }),
    (
      "Thread",
      { body in
        await waiting { done in
          Thread.detachNewThread {
            body()
            done()
          }
        }
      }
    ),
    ("DispatchSource timer", { body in await dispatchTimer(body) }),
    (
      "a callback stored at init, called from detached work",
      { body in
        let holder = CallbackHolder(onEvent: body)
        await Task.detached { holder.fire() }.value
      }
    ),
    (
      "a @MainActor method called from detached work",
      { body in
        let screen = await MainActorScreen(body)
        await Task.detached { await screen.refresh() }.value
      }
    ),
  ]

  static var names: [String] { contexts.map(\.name) }

  static func escape(named name: String) -> Escape {
    contexts.first { $0.name == name }!.escape
  }

  /// Promise: escaped work sees the process-wide world, and the escape is
  /// diagnosed. The diagnosis is counted here rather than shown, so the
  /// suite's own run shows no warning (the probes check how it is shown).
  /// Only the read's own diagnosis is counted, by its place: the cases run
  /// one at a time, since they read at one line.
  @Test(.serialized, arguments: names)
  func escapedWorkDoesNotSeeTheTestsWorldAndIsDiagnosed(_ name: String) async {
    Current.score = 7
    let seen = Locked<Int?>(nil)
    let escape = Self.escape(named: name)
    let read = #line + 2
    let diagnosed = await TestWorlds.countingWarnings(lines: read...read) {
      await escape({ seen.withLock { $0 = Current.score } })
    }
    #expect(seen.withLock { $0 } == 0, "\(name)")
    #expect(diagnosed == 1, "\(name)")
    #expect(Current.score == 7)
  }

  @Test(arguments: names)
  func sharedWorldCarriesTheTestsWorldAndBringsWritesBack(_ name: String) async {
    Current.score = 7
    let world = SharedWorld()
    let seen = Locked<Int?>(nil)
    await Self.escape(named: name)(
      world.bind {
        seen.withLock { $0 = Current.score }
        Current.score = 8
      })
    #expect(seen.withLock { $0 } == 7, "\(name)")
    #expect(Current.score == 8, "\(name): the escaped write came back")
  }

  /// Promise: `world` is the captured world as it is now, shared and not
  /// copied, read from wherever the work escaped to.
  @Test(arguments: names)
  func worldIsTheCapturedWorldAsItIsNow(_ name: String) async {
    Current.score = 5
    let shared = SharedWorld()
    Current.score = 6
    let seen = Locked<Int?>(nil)
    await Self.escape(named: name)({ seen.withLock { $0 = shared.world.score } })
    #expect(seen.withLock { $0 } == 6, "\(name)")
  }

  /// Promise: `world` is what `run { Current }` returns, escape diagnosis
  /// included: a `SharedWorld` made where the work escaped to captured the
  /// process-wide world, and reading it there is diagnosed as a read of
  /// `Current` there is.
  ///
  /// Only the diagnoses placed at the read are counted: other tests'
  /// escapes, diagnosed meanwhile, would hide a read that was not
  /// diagnosed. The cases run one at a time, since they read at one line.
  @Test(.serialized, arguments: names)
  func aSharedWorldMadeAfterTheEscapeIsDiagnosedWhenRead(_ name: String) async {
    Current.score = 7
    let seen = Locked<Int?>(nil)
    let read = #line + 2
    let diagnosed = await TestWorlds.countingWarnings(lines: read...read) {
      await Self.escape(named: name)({ seen.withLock { $0 = SharedWorld().world.score } })
    }
    #expect(seen.withLock { $0 } == 0, "\(name)")
    #expect(diagnosed == 1, "\(name)")
  }

  /// Promise: the escaped work is not held up while a new place is found:
  /// its stack is symbolicated, and the escape reported, on another
  /// thread, which the warning reaches before the test ends.
  @Test(.enabled(if: TestWorlds.canLocatePlaces, "needs Swift's Runtime module"))
  func aNewPlaceIsFoundOffTheEscapingThread() async {
    let marker = "EscapingWorkTests.\(UUID().uuidString)"
    let onEscapingThread = Locked<[Bool]>([])
    let read = #line + 9
    let listener = TestWorlds.addWarningListener { warning in
      guard warning.place?.filePath == #filePath, warning.place?.line == read else { return false }
      onEscapingThread.withLock { $0.append(Thread.current.threadDictionary[marker] != nil) }
      return true
    }
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      Thread.current.threadDictionary[marker] = true
      _ = Current.score
      Thread.current.threadDictionary[marker] = nil
      done.signal()
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        done.wait()
        continuation.resume()
      }
    }
    await TestWorlds.escapesSettled()
    TestWorlds.removeWarningListener(listener)
    #expect(onEscapingThread.withLock { $0 } == [false])
  }

  /// Promise: a world read through `world` and written back keeps the
  /// writes that the captured world received in between, as one read from
  /// `Current` does.
  @Test func aWorldReadThroughSharedWorldMergesWhenWrittenBack() async {
    let shared = SharedWorld()
    var world = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: shared.world) }
    }
    world.score = 1
    Current.locale = Locale(identifier: "ja_JP")
    shared.run { Current = world }
    #expect(Current.score == 1)
    #expect(Current.locale.identifier == "ja_JP")
  }

  @Test func runCarriesTheWorldIntoACallbackThatIsNotSendable() async {
    Current.score = 3
    let world = SharedWorld()
    let seen = await withCheckedContinuation { continuation in
      DispatchQueue.main.async {
        world.run { continuation.resume(returning: Current.score) }
      }
    }
    #expect(seen == 3)
  }

  @Test func asyncRunKeepsTheCallersActorAndTheWorld() async {
    Current.score = 4
    let world = SharedWorld()
    let seen = await Task.detached {
      await world.run { @MainActor in
        MainActor.assertIsolated()
        return (Current.score, await Task { Current.score }.value)
      }
    }.value
    #expect(seen == (4, 4))
  }

  @Test func aSharedWorldOutlivesItsScope() async {
    let world = withWorld {
      $0.score = 11
    } operation: {
      SharedWorld()
    }
    #expect(Current.score == 0)
    #expect(world.run { Current.score } == 11)
  }

  @Test func bindPassesArgumentsAndResults() {
    Current.score = 2
    let world = SharedWorld()
    let add: @Sendable (Int, Int) -> Int = world.bind { $0 + $1 + Current.score }
    let result = withWorld {
      $0.score = 100
    } operation: {
      add(1, 2)
    }
    #expect(result == 5)
  }
}

/// Runs `start`, which calls `done` when the work it started has finished.
func waiting(_ start: (@escaping @Sendable () -> Void) -> Void) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    start { continuation.resume() }
  }
}

/// Posts a notification to an observer registered with a queue.
func notificationObserver(_ body: @escaping @Sendable () -> Void) async {
  let center = NotificationCenter()
  let name = Notification.Name("EscapingWorkTests.\(UUID())")
  let observed = Locked<(@Sendable () -> Void)?>(nil)
  // Held here: corelibs' NotificationCenter does not keep the queue alive.
  let queue = OperationQueue()
  let observer = center.addObserver(forName: name, object: nil, queue: queue) { _ in
    body()
    observed.withLock { $0 }?()
  }
  await waiting { done in
    observed.withLock { $0 = done }
    center.post(name: name, object: nil)
  }
  center.removeObserver(observer)
  withExtendedLifetime(queue) {}
}

/// Fires a one-shot `DispatchSource` timer.
func dispatchTimer(_ body: @escaping @Sendable () -> Void) async {
  await waiting { done in
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.setEventHandler {
      body()
      timer.cancel()
      done()
    }
    timer.schedule(deadline: .now())
    timer.resume()
  }
}

/// An object that stores a callback at init and calls it later, as a
/// delegate or a download task does.
final class CallbackHolder: Sendable {
  let onEvent: @Sendable () -> Void
  init(onEvent: @escaping @Sendable () -> Void) { self.onEvent = onEvent }
  func fire() { onEvent() }
}

/// A main-actor screen whose method detached work calls.
@MainActor final class MainActorScreen {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  func refresh() { body() }
}
