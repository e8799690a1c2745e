#if !DEBUG && !ReleaseScopes
  // In a release build `Current` is a `let` holding the launch world, so
  // there are no scopes to enter. These names exist only so that code built
  // in release is told why, rather than "cannot find 'withWorld' in scope".
  // The message is repeated because `@available` takes only a literal. It
  // names the trait for a server that scopes each request in release.

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a
  /// debug build, or the package trait `ReleaseScopes`.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build, or in release the package trait ReleaseScopes: .package(url: …, traits: [\"ReleaseScopes\"]). Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ update: (inout World) throws -> Void,
    operation: () throws -> Result
  ) rethrows -> Result { fatalError() }

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a
  /// debug build, or the package trait `ReleaseScopes`.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build, or in release the package trait ReleaseScopes: .package(url: …, traits: [\"ReleaseScopes\"]). Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ world: World,
    operation: () throws -> Result
  ) rethrows -> Result { fatalError() }

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a
  /// debug build, or the package trait `ReleaseScopes`.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build, or in release the package trait ReleaseScopes: .package(url: …, traits: [\"ReleaseScopes\"]). Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ update: (inout World) throws -> Void,
    operation: () async throws -> Result
  ) async rethrows -> Result { fatalError() }

  /// Unavailable: in a release build `Current` is a `let`, so scopes need a
  /// debug build, or the package trait `ReleaseScopes`.
  @available(
    *, unavailable,
    message:
      "withWorld needs a debug build, or in release the package trait ReleaseScopes: .package(url: …, traits: [\"ReleaseScopes\"]). Run tests in debug (swift test)."
  )
  public func withWorld<Result>(
    _ world: World,
    operation: () async throws -> Result
  ) async rethrows -> Result { fatalError() }
#endif
