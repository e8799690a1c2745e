#if DEBUG
  /// An instant of a ``TestClock`` or an ``ImmediateClock``: the time passed
  /// since the clock was made.
  public struct TestInstant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock's start.
    public var offset: Duration

    /// The instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> TestInstant {
      TestInstant(offset: offset + duration)
    }

    /// The time from this instant to `other`; negative when `other` is earlier.
    public func duration(to other: TestInstant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: TestInstant, rhs: TestInstant) -> Bool {
      lhs.offset < rhs.offset
    }
  }
#endif
