import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

@testable import CurrentWorldServer

/// The one request pipeline, `RequestWorlds.world(fields:from:)`: the
/// header fields as a framework hands them over, names in any case, a field
/// that repeats joined as HTTP joins it.
@Suite(.world) struct RequestFieldsTests {
  static let worlds = RequestWorlds(
    languages: LanguageNegotiation(identifiers: ["en", "sv_SE", "ko_KR"]),
    timeZoneHeader: "X-User-Zone")

  static func world(_ fields: [(name: String, value: String)]) throws -> World {
    try worlds.world(fields: fields, from: Current).world
  }

  /// A framework's field value can cost an allocation to make as a
  /// `String`, so only the two fields the pipeline reads are asked for one.
  @Test func onlyTheFieldsReadAreAskedForTheirValues() throws {
    let fields = [
      ("Host", "example.com"), ("accept-language", "ko-KR"), ("User-Agent", "curl/8.0"),
      ("X-User-Zone", "Asia/Seoul"), ("Accept", "*/*"),
    ]
    var asked: [String] = []
    let world = try Self.worlds.world(
      fields: fields, name: { $0.0 },
      value: { field in
        asked.append(field.0)
        return field.1
      }, from: Current
    ).world
    #expect(asked == ["accept-language", "X-User-Zone"])
    #expect(world.locale.identifier == "ko_KR")
    #expect(world.timeZone.identifier == "Asia/Seoul")
  }

  @Test func namesMatchInAnyCase() throws {
    let world = try Self.world([("ACCEPT-LANGUAGE", "sv-SE"), ("x-user-zone", "Asia/Tokyo")])
    #expect(world.locale.identifier == "sv_SE")
    #expect(world.timeZone.identifier == "Asia/Tokyo")
  }

  @Test func aRepeatedLanguageFieldIsJoined() throws {
    let world = try Self.world([
      ("Accept-Language", "xx"), ("accept-language", "ko-KR;q=0.5"),
      ("Accept-Language", "sv;q=0.1"),
    ])
    #expect(world.locale.identifier == "ko_KR")
  }

  @Test func aRepeatedTimeZoneFieldIsRefusedShowingBoth() {
    #expect(
      throws: InvalidTimeZoneHeader(header: "X-User-Zone", value: "Asia/Tokyo, Europe/Paris")
    ) {
      try Self.world([("X-User-Zone", "Asia/Tokyo"), ("x-user-zone", "Europe/Paris")])
    }
  }

  /// Only letters match in either case: a carriage return is not a hyphen,
  /// though the two differ by the same bit as `A` and `a`; nor is a name
  /// with a letter outside ASCII, or the default name once it is renamed.
  @Test func onlyTheNameItselfMatches() throws {
    let server = Current.timeZone.identifier
    for name in ["X\rUser\rZone", "X-User-Zonе", "Time-Zone", "X-User-Zone ", "X-User"] {
      #expect(try Self.world([(name, "Asia/Tokyo")]).timeZone.identifier == server, "\(name)")
    }
    #expect(try Self.world([("Accept-Languagе", "sv-SE")]).locale == Current.locale)
  }

  @Test func noFieldsGiveTheServersWorld() throws {
    #expect(try Self.world([]).isIdentical(to: Current))
  }
}
