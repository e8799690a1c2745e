internal import CurrentWorldSupport

extension World {
  /// Configures the production world once, at launch, before anything reads
  /// ``Current``: in release builds too, where `Current` is a `let`.
  ///
  /// Modelled on swift-log's `LoggingSystem.bootstrap`. Call it first thing,
  /// at the top of `main` or in your `App`'s `init`:
  ///
  /// ```swift
  /// @main struct MyApp: App {
  ///   init() {
  ///     World.bootstrap { world in
  ///       world.analytics = .live(apiKey: Secrets.analyticsKey)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// `configure` starts from the process's world (``live`` in an app) and
  /// runs at once; `Current` starts from its result. Only the first call
  /// counts: a second call, or a call after `Current` was first read or
  /// written outside every scope, reports an issue and changes nothing.
  /// Debug and release builds accept and refuse the same calls: making a
  /// ``SharedWorld`` first, for example, refuses nothing in either. In a test process the
  /// configuration is checked the same way but not applied, so an
  /// app-hosted test never starts from live launch values; a test's world
  /// comes from the test.
  ///
  /// Writing a ``WorldDependency`` here never makes the value it replaces,
  /// so a maker that opens a database or reads `Current` never runs for
  /// it. Reading one here makes its value; if that maker reads `Current`,
  /// the launch world is fixed before this configuration applies, and the
  /// call reports so: write dependencies here, and read them after.
  public static func bootstrap(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ configure: (inout World) throws -> Void
  ) rethrows {
    if let refusal = LaunchWorld.begin() {
      IssueReporter.report(refusal, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    var configured = false
    // A configuration that throws leaves the launch world open.
    defer { if !configured { LaunchWorld.abandon() } }
    var world = World.processWide(World.Context.process)
    try LaunchWorld.$isConfiguring.withValue(true) { try configure(&world) }
    configured = true
    if let refusal = LaunchWorld.configure(world) {
      IssueReporter.report(refusal, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }
}

/// The world that ``Current`` starts from, which ``World/bootstrap(fileID:filePath:line:column:_:)``
/// may configure until `Current` is first read.
enum LaunchWorld {
  /// Holds the launch world's storage, not a `World`: a launch world was
  /// read in no scope and is merged into none, so its edits do not matter,
  /// and copying a `World` out of this enum at the first read built the
  /// metadata of its optional members from their mangled names, a cost
  /// that `Benchmarks/` measured on a release app's first read of `Current`.
  enum State: Sendable {
    case open
    /// A bootstrap's configuration is running.
    case configuring
    case configured(WorldStorage)
    case sealed(WorldStorage, by: Closer)
  }

  /// What fixed the launch world for good.
  enum Closer: Sendable {
    /// The first read or write of `Current` outside every scope.
    case firstUse
    /// XCTest's reset of the process-wide world around a test.
    case testRun
    /// A read or write of `Current` inside a bootstrap's configuration
    /// (the configuration itself, or a dependency's maker that reads it).
    case useWhileConfiguring
    /// A read or write of `Current` on another thread or task while a
    /// bootstrap's configuration ran.
    case concurrentUse
  }

  private static let state = Locked(State.open)

  /// Starts a bootstrap's configuration, or says why a bootstrap now would
  /// change nothing.
  static func begin() -> String? {
    state.withLock { state in
      if let refusal = refusal(in: state) { return refusal }
      state = .configuring
      return nil
    }
  }

  /// Whether a bootstrap's configuration is running, here: a dependency
  /// first used now makes no value at once, since the configuration may be
  /// replacing it.
  @TaskLocal static var isConfiguring = false

  /// Reopens the launch world after a configuration that threw.
  static func abandon() {
    state.withLock { state in
      if case .configuring = state { state = .open }
    }
  }

  /// Stores `world` as the launch world, unless something fixed the
  /// launch world while the configuration ran.
  static func configure(_ world: World) -> String? {
    state.withLock { state in
      guard case .configuring = state else { return refusal(in: state) }
      state = .configured(world.storage)
      return nil
    }
  }

  /// The launch world, fixed for good by `closer` unless something closed
  /// it before: the configured one (outside test processes) or the
  /// process's own. `Current` calls it at its first read or write.
  static func seal(_ closer: Closer) -> World {
    let context = World.Context.process
    let base = World.processWide(context).storage
    let storage = state.withLock { state in
      switch state {
      case .sealed(let storage, _):
        return storage
      case .configured(let storage) where context != .test:
        state = .sealed(storage, by: closer)
        return storage
      case .configuring:
        // The configuration's own task knows it is configuring; any other
        // reader ran beside it.
        state = .sealed(base, by: isConfiguring ? .useWhileConfiguring : .concurrentUse)
        return base
      case .open, .configured:
        state = .sealed(base, by: closer)
        return base
      }
    }
    return World(storage: storage)
  }

  private static func refusal(in state: State) -> String? {
    switch state {
    case .open:
      return nil
    case .configuring:
      return """
        World.bootstrap was called while another call to it was configuring the launch world, \
        so this call changed nothing. Put all launch configuration in one call.
        """
    case .configured:
      return """
        World.bootstrap was called a second time, so this call changed nothing: the launch \
        world is configured once. Put all launch configuration in one call.
        """
    case .sealed(_, by: .firstUse):
      return """
        World.bootstrap was called after Current was first read or written, so it changed \
        nothing: code has already seen the launch world. Call it first thing at launch, at the \
        top of main or in your App's init, before anything reads Current.
        """
    case .sealed(_, by: .useWhileConfiguring):
      return """
        World.bootstrap's configuration changed nothing: Current was read or written while it \
        ran (by the configuration itself, or by the maker of a dependency read inside it), which \
        fixed the launch world first. Configure the closure's world rather than Current, and \
        write dependencies inside bootstrap but read them after it.
        """
    case .sealed(_, by: .concurrentUse):
      return """
        World.bootstrap's configuration changed nothing: Current was read or written on another \
        thread or task while it ran, which fixed the launch world first. Call World.bootstrap \
        before starting any work that reads Current, at the top of main or in your App's init.
        """
    case .sealed(_, by: .testRun):
      return """
        World.bootstrap was called after XCTest started running tests, so it changed nothing: \
        each test starts from the launch world, which was fixed when the first test began. \
        Configure a test's world with Current or withWorld instead.
        """
    }
  }
}
