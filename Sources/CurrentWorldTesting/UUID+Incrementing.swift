#if DEBUG
  import CurrentWorld
  import Foundation

  extension UUID {
    /// A generator for `Current.uuid` that counts:
    /// `00000000-0000-0000-0000-000000000000` first, then
    /// `00000000-0000-0000-0000-000000000001`, and so on.
    ///
    /// Each call makes a new count, so each test world counts from zero,
    /// whatever runs in parallel:
    ///
    /// ```swift
    /// Current.uuid = UUID.incrementing()
    /// #expect(Current.uuid() == UUID(0))
    /// ```
    public static func incrementing() -> @Sendable () -> UUID {
      World.countingUUIDs()
    }

    /// The UUID whose last 48 bits are `number`, as ``incrementing()`` makes
    /// them: `UUID(1)` is `00000000-0000-0000-0000-000000000001`.
    public init(_ number: UInt64) {
      self.init(counted: number)
    }
  }
#endif
