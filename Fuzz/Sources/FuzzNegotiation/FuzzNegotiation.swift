import CurrentWorld
import CurrentWorldServer
import Foundation

/// A few locales to negotiate among.
let offered = ["en", "en_US", "es", "es_419", "pt_BR", "zh_Hant_TW"]
/// Negotiation among those, and among every locale the platform has.
let negotiations = [
  (LanguageNegotiation(identifiers: offered), Set(offered)),
  (LanguageNegotiation(), Set(Locale.availableIdentifiers)),
]
/// Request worlds, as the middleware makes them, from a fixed server world.
let worlds = RequestWorlds(languages: negotiations[0].0)
let server = World.fixed(at: Date(timeIntervalSince1970: 0))

/// The input, as a header value: `Accept-Language`, then the time-zone
/// header; and as a whole header field, name and value (`checkField`).
/// Oracle: no crash, a result from the allowed set, and the same answer
/// twice.
@c(LLVMFuzzerTestOneInput)
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let header = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  for (negotiation, allowed) in negotiations {
    let locale = negotiation.match(header)
    if negotiation.match(header)?.identifier != locale?.identifier {
      fatalError("Accept-Language \(header.debugDescription) gave two answers")
    }
    if let locale, !allowed.contains(locale.identifier) {
      fatalError(
        "Accept-Language \(header.debugDescription) gave \(locale.identifier), not offered")
    }
    // The ordered list: offered locales, each once, led by the match.
    let all = negotiation.matches(header).map(\.identifier)
    if let locale, all.first != locale.identifier {
      fatalError("Accept-Language \(header.debugDescription) listed \(all), led by another")
    }
    if Set(all).count != all.count || !all.allSatisfy(allowed.contains) {
      fatalError("Accept-Language \(header.debugDescription) listed \(all)")
    }
  }
  checkField(header)
  let language = negotiations[0].0.match(header)?.identifier ?? server.locale.identifier
  let zone = requestZone(header)
  if let zone, zone != header, header != "UTC" {
    fatalError("Time-Zone \(header.debugDescription) gave \(zone), not an IANA name")
  }
  if requestZone(header) != zone {
    fatalError("Time-Zone \(header.debugDescription) gave two answers")
  }
  // Both headers at once, through the cache: the same answers.
  guard let both = try? worlds.world(acceptLanguage: header, timeZone: header, from: server)
  else {
    if zone != nil { fatalError("Time-Zone \(header.debugDescription) failed beside a language") }
    return 0
  }
  // A header that names an offered language gives a list led by the
  // request's locale; any other, the server's list.
  let listed = negotiations[0].0.matches(header).isEmpty ? server.preferredLocales : nil
  if let listed, both.world.preferredLocales != listed {
    fatalError("\(header.debugDescription) named no offered language, but changed the list")
  }
  if listed == nil, both.world.preferredLocales.first?.identifier != both.world.locale.identifier {
    fatalError("\(header.debugDescription) gave a list not led by the request's locale")
  }
  if both.world.locale.identifier != language
    || both.world.timeZone.identifier != zone
      && header != "UTC"
  {
    fatalError("\(header.debugDescription) gave another world through the cache")
  }
  return 0
}

/// The input as one header field, `name` before its first line break and
/// its value after, through the one request pipeline. Oracle: a field named
/// `Accept-Language` or `Time-Zone` in any ASCII case is read as that
/// header, and any other name is not read at all.
func checkField(_ input: String) {
  let parts = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  guard parts.count == 2 else { return }
  let (name, value) = (String(parts[0]), String(parts[1]))
  let lowered = name.allSatisfy(\.isASCII) ? name.lowercased() : nil
  let viaField = try? worlds.world(fields: [(name: name, value: value)], from: server)
  let expected =
    switch lowered {
    case "accept-language": try? worlds.world(acceptLanguage: value, timeZone: nil, from: server)
    case "time-zone": try? worlds.world(acceptLanguage: nil, timeZone: value, from: server)
    default: try? worlds.world(acceptLanguage: nil, timeZone: nil, from: server)
    }
  if viaField?.world.locale.identifier != expected?.world.locale.identifier
    || viaField?.world.timeZone.identifier != expected?.world.timeZone.identifier
  {
    fatalError("the field \(name.debugDescription): \(value.debugDescription) was read as another")
  }
}

/// The zone that a request naming `header` computes in, or `nil` when it
/// was refused with the typed error that names the value.
func requestZone(_ header: String) -> String? {
  do {
    return try worlds.world(acceptLanguage: nil, timeZone: header, from: server).world.timeZone
      .identifier
  } catch {
    if error.value != header || error.header != "Time-Zone" {
      fatalError("Time-Zone \(header.debugDescription) refused as \(error.value.debugDescription)")
    }
    return nil
  }
}
