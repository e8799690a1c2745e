import CurrentWorld

extension RequestWorlds {
  /// The world for a request whose header fields are `fields`, made from
  /// `server`: the one request pipeline that every framework's middleware
  /// runs, converting only its own types in and its own error style out.
  ///
  /// It reads `Accept-Language` and ``timeZoneHeader``, their names in any
  /// case (RFC 9110: field names are case-insensitive), each field that
  /// repeats joined with commas as HTTP joins it, and makes the world as
  /// ``world(acceptLanguage:timeZone:from:)`` does.
  ///
  /// ```swift
  /// let made = try worlds.world(
  ///   fields: request.headers.lazy.map { ($0.name.rawName, $0.value) }, from: Current)
  /// ```
  ///
  /// - Throws: ``InvalidTimeZoneHeader`` for a time zone that is not one
  ///   IANA identifier (two fields that name one each are not).
  public func world(
    fields: some Sequence<(name: String, value: String)>, from server: World
  ) throws(InvalidTimeZoneHeader) -> RequestWorld {
    var language: String?
    var zone: String?
    // One pass, with no array made.
    for (name, value) in fields {
      if name.isHeaderName(Self.acceptLanguage) {
        language = language.map { "\($0), \(value)" } ?? value
      } else if name.isHeaderName(timeZoneName) {
        zone = zone.map { "\($0), \(value)" } ?? value
      }
    }
    return try world(acceptLanguage: language, timeZone: zone, from: server)
  }

  /// `accept-language`, as ``world(fields:from:)`` compares names.
  static var acceptLanguage: String { "accept-language" }
}

extension String {
  /// Whether this header name is `lowercased`, which is in lower case,
  /// ignoring ASCII case as HTTP does (RFC 9110: names are tokens, which
  /// are ASCII), without making a lowered copy.
  func isHeaderName(_ lowercased: String) -> Bool {
    // The count first: most names differ in length, and it is stored.
    utf8.count == lowercased.utf8.count
      && utf8.elementsEqual(lowercased.utf8) { byte, lower in
        byte == lower || (byte &- UInt8(ascii: "A") < 26 && byte | 0x20 == lower)
      }
  }
}
