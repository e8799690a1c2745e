import CurrentWorld
import Dispatch
import Foundation
import Testing

// The proof that a failure lands on the test whose world it ran in:
// `CURRENTWORLD_ATTRIBUTION_PROOF=1` turns on tests that each forget an
// override, and report a marker of their own, from outside their task;
// `.ci/check-failure-attribution` runs them in parallel and checks that
// each test recorded its own two issues and that none landed on «unknown».

/// Whether this run proves where failures land: the proof's tests fail by
/// design, so they run only when `.ci/check-failure-attribution` asks.
public let provesFailureAttribution =
  ProcessInfo.processInfo.environment["CURRENTWORLD_ATTRIBUTION_PROOF"] != nil

/// An API that the proof's tests never override.
public struct ForgottenAPI: Sendable {
  /// Unimplemented in a test's world.
  public var fetch: @Sendable () throws -> Void
}

/// The key of ``ForgottenAPI``.
public enum ForgottenAPIKey: WorldKey {
  public static let liveValue = ForgottenAPI(fetch: {})
  public static let testValue = ForgottenAPI(fetch: unimplemented("Current.forgottenAPI.fetch"))
}

extension World {
  /// An API that the proof's tests never override.
  public var forgottenAPI: ForgottenAPI {
    get { self[ForgottenAPIKey.self] }
    set { self[ForgottenAPIKey.self] = newValue }
  }
}

/// What a proof test does wherever it runs: calls the API it forgot, and
/// reports `marker`, so that the issue's test can be told by its text.
public func forgetAnOverride(marker: String) {
  try? Current.forgottenAPI.fetch()
  IssueReporter.report(marker)
}

/// Runs the proof's work, in the calling test's world, outside its task.
public enum OutsideTheTest {
  /// On a GCD queue, handed the world with `SharedWorld`.
  public static func onAQueue(marker: String) async {
    let world = SharedWorld()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        world.run { forgetAnOverride(marker: marker) }
        done.resume()
      }
    }
  }

  /// On a thread of its own.
  public static func onAThread(marker: String) async {
    let world = SharedWorld()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Thread {
        world.run { forgetAnOverride(marker: marker) }
        done.resume()
      }.start()
    }
  }

  /// In a detached task.
  public static func inADetachedTask(marker: String) async {
    let world = SharedWorld()
    await Task.detached { world.run { forgetAnOverride(marker: marker) } }.value
  }

  /// On a loop that the process started before any test, which runs each
  /// job in the world it is handed.
  public static func onALongLivedLoop(marker: String) async {
    let world = SharedWorld()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      LongLivedLoop.shared.submit {
        world.run { forgetAnOverride(marker: marker) }
        done.resume()
      }
    }
  }
}

/// A worker thread that runs jobs in order, for the whole process.
final class LongLivedLoop: Sendable {
  static let shared = LongLivedLoop()
  private let jobs = DispatchQueue(label: "LongLivedLoop")

  func submit(_ job: @escaping @Sendable () -> Void) { jobs.async(execute: job) }
}
