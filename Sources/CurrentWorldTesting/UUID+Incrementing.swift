#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport
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
      let next = Locked<UInt64>(0)
      return {
        UUID(
          next.withLock { count in
            defer { count += 1 }
            return count
          })
      }
    }

    /// The UUID whose last 48 bits are `number`, as ``incrementing()`` makes
    /// them: `UUID(1)` is `00000000-0000-0000-0000-000000000001`.
    public init(_ number: UInt64) {
      let hex = String(number & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
      let padded = String(repeating: "0", count: 12 - hex.count) + hex
      self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
    }
  }
#endif
