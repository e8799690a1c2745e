#if !DEBUG && !ReleaseScopes
  // In a release build `Current` is a `let` holding the launch world, so
  // there are no scopes to enter. These names exist only so that code built
  // in release is told why, rather than "cannot find 'withWorld' in scope".
  // The message is repeated because `@available` takes only a literal.

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a debug build.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ update: (inout World) throws -> Void,
    operation: () throws -> Result
  ) rethrows -> Result { fatalError() }

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a debug build.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ world: World,
    operation: () throws -> Result
  ) rethrows -> Result { fatalError() }

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a debug build.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ update: (inout World) throws -> Void,
    operation: () async throws -> Result
  ) async rethrows -> Result { fatalError() }

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a debug build.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ world: World,
    operation: () async throws -> Result
  ) async rethrows -> Result { fatalError() }
#endif
