#if !OpenAPI
  // Without the trait, this module has no OpenAPI runtime to build on, so
  // the transport is declared only to tell its user which line to write,
  // rather than "cannot find 'WorldTransport' in scope". The message is a
  // literal, as `@available` requires.

  /// Unavailable: the package trait `OpenAPI` is off, so this module has
  /// no OpenAPI runtime to build on.
  @available(
    *, unavailable,
    message:
      "CurrentWorldOpenAPI needs the package trait OpenAPI: .package(url: \"https://github.com/currentworld/CurrentWorld.git\", from: \"0.5.0\", traits: [\"OpenAPI\"])"
  )
  public struct WorldTransport {
    /// Unavailable, as the type is.
    public init() {}
  }
#endif
