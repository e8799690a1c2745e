#if !Hummingbird
  // Without the trait, this module has no Hummingbird to build on, so the
  // middleware is declared only to tell its user which line to write,
  // rather than "cannot find 'WorldMiddleware' in scope". The message is a
  // literal, as `@available` requires.

  /// Unavailable: the package trait `Hummingbird` is off, so this module
  /// has no Hummingbird to build on.
  @available(
    *, unavailable,
    message:
      "CurrentWorldHummingbird needs the package trait Hummingbird: .package(url: \"https://github.com/currentworld/CurrentWorld.git\", from: \"0.5.0\", traits: [\"Hummingbird\"])"
  )
  public struct WorldMiddleware<Context> {
    /// Unavailable, as the type is.
    public init() {}
  }
#endif
