#if DEBUG
  /// Where ``Current`` reads and writes: the innermost scope bound to the
  /// task, or the process-wide world.
  enum WorldScope {
    /// The world of the innermost ``withWorld(_:operation:)`` around the
    /// running task, or `nil` outside every scope.
    @TaskLocal static var scoped: Locked<World>?

    /// The world used where no scope is active.
    static let processWide = Locked(World.live)

    /// Calls `body` with the world that ``Current`` reads and writes right
    /// now: the innermost scope's, else the process-wide one.
    ///
    /// `$scoped.get()` would copy the box out of the task-local storage, and
    /// that retain, release and the generic copy around them cost a fifth of
    /// a read of `Current`. So this makes the runtime call that
    /// `TaskLocal.get()` makes, and uses the box where it is stored: the
    /// binding keeps it alive until the scope's operation returns, which is
    /// after `body` returns.
    @inline(__always)
    static func withInnermost<R>(_ body: (Locked<World>) -> R) -> R {
      let key = UnsafeRawPointer(Unmanaged.passUnretained($scoped).toOpaque())
      if let slot = taskLocalValueGet(key: key),
        let result = Locked<World>.withUnretained(storedAt: slot, body)
      {
        return result
      }
      return body(processWide)
    }
  }

  /// The address of the value bound to the task-local whose `TaskLocal`
  /// object is at `key`, or `nil` where none is bound; the Concurrency
  /// runtime's entry point behind `TaskLocal.get()`.
  @_silgen_name("swift_task_localValueGet")
  private func taskLocalValueGet(key: UnsafeRawPointer) -> UnsafeRawPointer?

  /// Runs `operation` in a world of its own, starting from `Current` as
  /// changed by `update`.
  ///
  /// Inside the scope, reads of ``Current`` see this world and writes change
  /// it, and neither reaches the enclosing world. Scopes nest: an inner scope
  /// starts from the world of the outer one.
  ///
  /// ```swift
  /// let year = withWorld { $0.date = { .distantFuture } } operation: {
  ///   Current.calendar.component(.year, from: Current.date())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - update: Changes the new world before `operation` runs.
  ///   - operation: The code that sees the new world.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withWorld<Result>(
    _ update: (inout World) throws -> Void,
    operation: () throws -> Result
  ) rethrows -> Result {
    var world = Current
    try update(&world)
    return try withWorld(world, operation: operation)
  }

  /// Runs `operation` in `world`, a world of its own.
  ///
  /// Inside the scope, reads of ``Current`` see this world and writes change
  /// it, and neither reaches the enclosing world.
  ///
  /// ```swift
  /// withWorld(.live) {
  ///   print(Current.date())
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - world: The world that `operation` sees.
  ///   - operation: The code that sees it.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withWorld<Result>(
    _ world: World,
    operation: () throws -> Result
  ) rethrows -> Result {
    try WorldScope.$scoped.withValue(Locked(world), operation: operation)
  }

  /// Runs the asynchronous `operation` in a world of its own, starting from
  /// `Current` as changed by `update`.
  ///
  /// The world is task-local: child tasks, task groups and `Task {}` created
  /// inside `operation` see it, and so do their writes; `Task.detached` does
  /// not, and sees the process-wide world instead.
  ///
  /// ```swift
  /// let fact = try await withWorld {
  ///   $0.locale = Locale(identifier: "ja_JP")
  /// } operation: {
  ///   try await loadGreeting()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The actor the caller runs on; leave it to the default.
  ///   - update: Changes the new world before `operation` runs.
  ///   - operation: The code that sees the new world.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withWorld<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout World) throws -> Void,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    var world = Current
    try update(&world)
    return try await withWorld(world, isolation: isolation, operation: operation)
  }

  /// Runs the asynchronous `operation` in `world`, a world of its own.
  ///
  /// The world is task-local: child tasks, task groups and `Task {}` created
  /// inside `operation` see it; `Task.detached` does not.
  ///
  /// ```swift
  /// await withWorld(fixtureWorld) {
  ///   await viewModel.onAppear()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - world: The world that `operation` sees.
  ///   - isolation: The actor the caller runs on; leave it to the default.
  ///   - operation: The code that sees it.
  /// - Returns: What `operation` returns.
  @discardableResult
  public func withWorld<Result>(
    _ world: World,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await WorldScope.$scoped.withValue(
      Locked(world), operation: operation, isolation: isolation)
  }
#endif
