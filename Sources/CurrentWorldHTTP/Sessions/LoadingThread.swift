import Foundation

/// The thread that made it (a protocol's `startLoading`), where Apple's URL
/// loading system expects the protocol's client to be called: an answer
/// that comes from a task (a recording) is handed back to it, in the run
/// loop mode it was loading in, as OHHTTPStubs does. There, `stopLoading`
/// runs on the same thread, so an answer can never reach a stopped
/// protocol's client. Linux calls the client from any thread, and runs an
/// answer where it comes. (Unverified on Apple's systems: no Mac here.)
// `@unchecked Sendable`: the run loop is only passed to
// `CFRunLoopPerformBlock` and `CFRunLoopWakeUp`, which are thread-safe.
struct LoadingThread: @unchecked Sendable {
  #if canImport(Darwin)
    private let runLoop = CFRunLoopGetCurrent()
    private let mode = (RunLoop.current.currentMode ?? .default).rawValue as CFString
  #endif

  /// Runs `body` on this thread: now when called there, else in its run
  /// loop's next turn.
  func perform(_ body: @escaping @Sendable () -> Void) {
    #if canImport(Darwin)
      guard CFRunLoopGetCurrent() !== runLoop else { return body() }
      CFRunLoopPerformBlock(runLoop, mode, body)
      CFRunLoopWakeUp(runLoop)
    #else
      body()
    #endif
  }
}
