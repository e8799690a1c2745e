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
  ///   fields: [(name: "Accept-Language", value: "sv-SE")], from: Current)
  /// ```
  ///
  /// - Throws: ``InvalidTimeZoneHeader`` for a time zone that is not one
  ///   IANA identifier (two fields that name one each are not).
  public func world(
    fields: some Sequence<(name: String, value: String)>, from server: World
  ) throws(InvalidTimeZoneHeader) -> RequestWorld {
    try world(fields: fields, name: { $0.name }, value: { $0.value }, from: server)
  }

  /// The world for a request whose header fields are `fields`, as
  /// ``world(fields:from:)`` makes it, for a framework whose fields are not
  /// pairs of strings: `name` gives a field's name, and `value` its value,
  /// which is asked for only for the fields that this function reads, since
  /// making a value's `String` can allocate.
  ///
  /// ```swift
  /// let made = try worlds.world(
  ///   fields: request.headers, name: { $0.name.rawName }, value: { $0.value },
  ///   from: Current)
  /// ```
  ///
  /// - Throws: ``InvalidTimeZoneHeader`` for a time zone that is not one
  ///   IANA identifier (two fields that name one each are not).
  @inlinable  // Specialized for the framework's fields, in its adapter.
  public func world<Fields: Sequence>(
    fields: Fields, name: (Fields.Element) -> String, value: (Fields.Element) -> String,
    from server: World
  ) throws(InvalidTimeZoneHeader) -> RequestWorld {
    var language: String?
    var zone: String?
    // One pass, with no array made.
    for field in fields {
      let fieldName = name(field)
      if fieldName.isHeaderName(Self.acceptLanguage) {
        let value = value(field)
        language = language.map { "\($0), \(value)" } ?? value
      } else if fieldName.isHeaderName(timeZoneName) {
        let value = value(field)
        zone = zone.map { "\($0), \(value)" } ?? value
      }
    }
    return try world(acceptLanguage: language, timeZone: zone, from: server)
  }

  /// `accept-language`, as ``world(fields:from:)`` compares names.
  @usableFromInline static var acceptLanguage: String { "accept-language" }
}

extension String {
  /// Whether this header name is `lowercased`, which is in lower case,
  /// ignoring ASCII case as HTTP does (RFC 9110: names are tokens, which
  /// are ASCII), without making a lowered copy.
  @usableFromInline func isHeaderName(_ lowercased: String) -> Bool {
    // The count first: most names differ in length, and it is stored.
    utf8.count == lowercased.utf8.count
      && utf8.elementsEqual(lowercased.utf8) { byte, lower in
        byte == lower || (byte &- UInt8(ascii: "A") < 26 && byte | 0x20 == lower)
      }
  }
}
