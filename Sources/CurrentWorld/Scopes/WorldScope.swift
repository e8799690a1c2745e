#if DEBUG || ReleaseScopes
  import Foundation

  /// Where ``Current`` reads and writes: the innermost scope bound to the
  /// task, or the process-wide world.
  enum WorldScope {
    /// The world outside every scope, in the process's context. In a test
    /// process it also watches for code that escaped its test's world.
    ///
    /// Its world is fixed at the first read or write of `Current` outside
    /// every scope, as the release build's `let` is: that, and not making
    /// this box (as a ``SharedWorld`` or a scope does), closes
    /// ``World/bootstrap(fileID:filePath:line:column:_:)``.
    static let processWide: WorldBox = {
      #if DEBUG
        let context = World.Context.process
        if context == .test { TestSupportLink.connect() }
        return WorldBox.launching(watchesForEscapes: context == .test)
      #else
        return WorldBox.launching(watchesForEscapes: false)
      #endif
    }()

    /// The world of the innermost ``withWorld(_:operation:)`` around the
    /// running task; outside every scope, the process-wide world.
    @TaskLocal static var box = processWide

    /// The world that ``Current`` reads right now.
    @inline(__always)
    static func read() -> World { read(box) }

    /// The world that ``Current`` reads in `box`'s scope.
    @inline(__always)
    static func read(_ box: WorldBox) -> World {
      #if DEBUG
        if box.watchesForEscapes { TestWorlds.readOutsideScopes() }
      #endif
      return box.world
    }

    #if DEBUG
      /// Writes `world` where ``Current`` writes right now.
      static func write(_ world: World) {
        let box = box
        if box.watchesForEscapes { TestWorlds.wroteOutsideScopes() }
        box.store(world)
      }

      /// Puts the process-wide world back as it was at launch, after a test
      /// that wrote it.
      static func resetProcessWide() {
        // Sealed here first, so that bootstrap's refusal names the test run.
        processWide.store(LaunchWorld.seal(.testRun))
      }
    #endif
  }

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
    // Not through `withWorld(_:operation:)`: at `-Onone` passing the world
    // on copies it, a retain and a release of each of its references.
    return try WorldScope.$box.withValue(WorldBox.make(world), operation: operation)
  }

  /// Runs `operation` in `world`, a world of its own.
  ///
  /// Inside the scope, reads of ``Current`` see this world and writes change
  /// it, and neither reaches the enclosing world.
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
    try WorldScope.$box.withValue(WorldBox.make(world), operation: operation)
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
    try await WorldScope.$box.withValue(
      WorldBox.make(world), operation: operation, isolation: isolation)
  }
#endif
