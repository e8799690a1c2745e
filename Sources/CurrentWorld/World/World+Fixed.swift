internal import CurrentWorldSupport
import Foundation

extension World {
  // Names every built-in field (.ci/check-field-lists.py).
  /// A world whose time and place are the same on every machine and every
  /// run: `date` for every `Current.date()`, the Gregorian calendar, the
  /// locale `en_US_POSIX`, the preferred locales `[en_US]`, the time zone
  /// UTC, UUIDs counted from
  /// `00000000-0000-0000-0000-000000000000`, random numbers seeded with
  /// ``RandomSource/testSeed``, a private recording notification hub, and
  /// user defaults and directories of its own, empty, under the temporary
  /// directory, made at their first read and removed as the test that made
  /// them ends, or as the process exits. The rest is ``live``'s: the
  /// process's context, the continuous clock, the process's environment
  /// variables, and, with CurrentWorldHTTP, the context's URL session. Each
  /// field's fixed value is declared beside the field, so a field added to
  /// CurrentWorld gets one here.
  ///
  /// It is the base that `World.test` and the demo's fixture world build
  /// on, and it suits a preview, a demo mode or a screenshot run, where
  /// dates and identifiers must not change between runs:
  ///
  /// ```swift
  /// var world = World.fixed(at: Date(timeIntervalSince1970: 1_768_487_400))
  /// world.locale = Locale(identifier: "en_US")
  /// ```
  public static func fixed(at date: Date) -> World {
    var world = World.live
    // Each field's fixed value is declared in its own file, World/Fields/.
    for field in WorldStorage.Field.all {
      field.fixed?(&world, date)
    }
    return world
  }

  /// A generator of UUIDs that counts from zero, each call to this function
  /// a new count: `00000000-0000-0000-0000-000000000000`, then `…0001`.
  package static func countingUUIDs() -> @Sendable () -> UUID {
    let next = Locked<UInt64>(0)
    return {
      UUID(
        counted: next.withLock { count in
          defer { count += 1 }
          return count
        })
    }
  }
}

extension UUID {
  /// The UUID whose last 48 bits are `number`, as
  /// ``World/countingUUIDs()`` makes them.
  package init(counted number: UInt64) {
    let hex = String(number & 0xFFFF_FFFF_FFFF, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: 12 - hex.count) + hex
    self.init(uuidString: "00000000-0000-0000-0000-\(padded)")!
  }
}
