/// One result, delivered once: to a continuation if it is waiting, or when
/// it starts waiting, and to a clean-up, which runs once, after the lock is
/// open. The first ``finish(_:)`` wins; later ones are dropped, so racing
/// tasks can each try to finish without knowing who was first.
// `@unchecked Sendable`: every `var` is read and written under `lock` only.
package final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private var continuation: CheckedContinuation<Value, any Error>?
  private var result: Result<Value, any Error>?
  private var cleanUp: (@Sendable () -> Void)?
  private var finished = false

  package init() {}

  /// Gives the result to `continuation`: now, if it has arrived, or else
  /// when it does.
  package func wait(with continuation: CheckedContinuation<Value, any Error>) {
    let early = lock.withLock { () -> Result<Value, any Error>? in
      if let result { return result }
      self.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  /// Runs `body` once the result has arrived: now, if it has.
  package func whenFinished(_ body: @escaping @Sendable () -> Void) {
    let runNow = lock.withLock { () -> Bool in
      if finished { return true }
      cleanUp = body
      return false
    }
    if runNow { body() }
  }

  /// Whether a result has arrived.
  package var isFinished: Bool { lock.withLock { finished } }

  /// Delivers `result`, unless a result was delivered before.
  package func finish(_ result: Result<Value, any Error>) {
    let (continuation, cleanUp) = lock.withLock {
      () -> (CheckedContinuation<Value, any Error>?, (@Sendable () -> Void)?) in
      guard !finished else { return (nil, nil) }
      finished = true
      self.result = result
      defer {
        self.continuation = nil
        self.cleanUp = nil
      }
      return (self.continuation, self.cleanUp)
    }
    continuation?.resume(with: result)
    cleanUp?()
  }
}
