import Foundation

extension World {
  /// The user's languages, most preferred first: `Locale.preferredLanguages`
  /// in ``live``, as the process first read it; `[en_US]` in
  /// ``fixed(at:)`` and the test world. On a server, the request's
  /// `Accept-Language` in its order, limited to the languages the server
  /// supports, with the negotiated ``locale`` first.
  ///
  /// For choosing content by language: a translation, a catalogue, a
  /// fallback font, along the list until one is there.
  ///
  /// ```swift
  /// let greeting = Current.preferredLocales.lazy
  ///   .compactMap { greetings[$0.language.languageCode?.identifier ?? ""] }
  ///   .first ?? "Hello"
  /// ```
  ///
  /// Its first element and ``locale`` are not forced to agree: `locale`
  /// formats (a region's dates and numbers, `en_US_POSIX` in a test), while
  /// this list names languages to read, and the platform keeps the two as
  /// separate settings. Code that formats reads `locale`.
  public var preferredLocales: [Locale] {
    get { storage.fields.preferredLocales.locales }
    set { update(.preferredLocales) { $0.preferredLocales = PreferredLocaleList(given: newValue) } }
  }
}

/// The platform's list, read once, at its first use: asking the platform
/// on every `World.live` would cost more than a read of `Current`, and
/// asking it at launch doubled the first read of `Current`.
enum PlatformPreferredLocales {
  static let value = Locale.preferredLanguages.map(Locale.init(identifier:))
}

/// ``World/preferredLocales`` as a world stores it: the list it was given,
/// or `nil` for the platform's, which is read only when a world without a
/// list of its own is asked for one. `Hashable`, as the other fields'
/// values are, so that the field-merge tests can tell two lists apart.
struct PreferredLocaleList: Sendable, Hashable {
  var given: [Locale]?

  var locales: [Locale] { given ?? PlatformPreferredLocales.value }
}

extension FieldSet {
  static var preferredLocales: FieldSet { FieldSet(rawValue: 1 << 8) }
}

extension WorldStorage.Field {
  static let preferredLocales = Self(
    .preferredLocales, "preferredLocales", copy: { $0.preferredLocales = $1.preferredLocales },
    fixed: { world, _ in world.preferredLocales = [Locale(identifier: "en_US")] })
}
