#if !Vapor
  // Without the trait, this module has no Vapor to build on, so the
  // middleware is declared only to tell its user which line to write,
  // rather than "cannot find 'WorldMiddleware' in scope". The message is a
  // literal, as `@available` requires.

  /// Unavailable: the package trait `Vapor` is off, so this module has no
  /// Vapor to build on.
  @available(
    *, unavailable,
    message:
      "CurrentWorldVapor needs the package trait Vapor: .package(url: \"https://github.com/currentworld/CurrentWorld.git\", from: \"0.5.0\", traits: [\"Vapor\"])"
  )
  public struct WorldMiddleware {
    /// Unavailable, as the type is.
    public init() {}
  }
#endif
