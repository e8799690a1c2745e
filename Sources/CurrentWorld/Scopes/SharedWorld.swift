#if Logging
  import Logging
#endif

/// The world that ``Current`` sees where it is made, to carry into work that
/// escapes the task tree: GCD, `OperationQueue`, `Thread`, timers,
/// NotificationCenter observers and callbacks stored to be called later.
///
/// `Task {}`, `async let` and task groups inherit the world by themselves.
/// Work that escapes the task tree does not: it reads the process-wide world,
/// so a test's overrides never reach it. Make a `SharedWorld` where the work
/// is handed off, and run the work in it:
///
/// ```swift
/// let world = SharedWorld()
/// DispatchQueue.global().async {
///   world.run {
///     Current.date()  // the world of the code that made `world`
///   }
/// }
/// ```
///
/// The world is **shared**, not copied: writes that the escaped work makes
/// to `Current` are seen by the code that made the `SharedWorld`, and the
/// other way round, as with `Task {}`.
///
/// Making a `SharedWorld` does not read `Current`, so a stored
/// `SharedWorld` property that is initialised before
/// ``World/bootstrap(fileID:filePath:line:column:_:)`` runs (as an `@main`
/// App's are) leaves the bootstrap open, in debug and release builds alike.
/// In release builds ``Current`` is always the launch world, and a
/// `SharedWorld` only runs the work, unless the package's `ReleaseScopes`
/// trait keeps scopes there, as a server's per-request worlds need.
///
/// With the package's `Logging` trait (which the server traits turn on),
/// a `SharedWorld` made inside a world's scope, such as a request's,
/// carries swift-log's `Logger.current` too, and binds it where the work
/// runs: escaped work logs with the request's metadata.
public struct SharedWorld: Sendable {
  #if DEBUG || ReleaseScopes
    private let box: WorldBox
  #endif
  #if Logging
    /// `Logger.current` where this was made inside a scope. Outside every
    /// scope it is not read, so that a `SharedWorld` made before
    /// `LoggingSystem.bootstrap` does not fix swift-log's default logger.
    private let logger: Logger?
  #endif

  /// Captures the world that ``Current`` sees here: the innermost scope's
  /// (a test's world, for example), or the process-wide world outside every
  /// scope.
  public init() {
    #if DEBUG || ReleaseScopes
      box = WorldScope.box
      #if Logging
        logger = box.isSame(as: WorldScope.processWide) ? nil : Logger.current
      #endif
    #elseif Logging
      logger = nil
    #endif
  }

  /// The captured world as it is now: what `run { Current }` returns,
  /// without entering the world to read it.
  ///
  /// Outside any task, on a GCD queue or a server's event loop, entering a
  /// world allocates, so code that only reads it, such as a middleware
  /// that starts each request from the server's world, reads this instead.
  /// Written back with `run { Current = world }`, it keeps the writes that
  /// the captured world received in between, as a world read from
  /// `Current` does.
  public var world: World {
    #if DEBUG || ReleaseScopes
      WorldScope.read(box)
    #else
      Current
    #endif
  }

  /// Runs `operation` in the captured world, on the calling thread.
  ///
  /// - Returns: What `operation` returns.
  public func run<Result>(_ operation: () throws -> Result) rethrows -> Result {
    #if Logging
      if let logger {
        return try withLogger(logger) { _ in try inWorld(operation) }
      }
    #endif
    return try inWorld(operation)
  }

  private func inWorld<Result>(_ operation: () throws -> Result) rethrows -> Result {
    #if DEBUG || ReleaseScopes
      try WorldScope.$box.withValue(box, operation: operation)
    #else
      try operation()
    #endif
  }

  /// Runs the asynchronous `operation` in the captured world, on the
  /// caller's actor; `Task {}` created inside inherit it.
  ///
  /// ```swift
  /// let world = SharedWorld()
  /// Task.detached {
  ///   await world.run { await viewModel.refresh() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the caller runs on; leave it to the default.
  ///   - operation: The code that sees the captured world.
  /// - Returns: What `operation` returns.
  public func run<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    #if Logging
      if let logger {
        return try await withLogger(logger) { _ in
          try await inWorld(isolation: isolation, operation)
        }
      }
    #endif
    return try await inWorld(isolation: isolation, operation)
  }

  private func inWorld<Result>(
    isolation: isolated (any Actor)?,
    _ operation: () async throws -> Result
  ) async rethrows -> Result {
    #if DEBUG || ReleaseScopes
      try await WorldScope.$box.withValue(box, operation: operation, isolation: isolation)
    #else
      try await operation()
    #endif
  }

  /// Wraps `body` so that each call runs it in the captured world: for a
  /// callback that is stored now and called later, from any thread.
  ///
  /// ```swift
  /// let world = SharedWorld()
  /// let token = NotificationCenter.default.addObserver(
  ///   forName: .NSSystemClockDidChange, object: nil, queue: .main,
  ///   using: world.bind { _ in refresh() })
  /// ```
  public func bind<each Argument, Result>(
    _ body: @escaping @Sendable (repeat each Argument) -> Result
  ) -> @Sendable (repeat each Argument) -> Result {
    { (argument: repeat each Argument) in
      run { body(repeat each argument) }
    }
  }
}
