import Foundation

/// A few locales to negotiate among.
let offered = ["en", "en_US", "es", "es_419", "pt_BR", "zh_Hant_TW"]
/// Negotiation among those, and among every locale the platform has.
let negotiations = [
  (LanguageNegotiation(identifiers: offered), Set(offered)),
  (LanguageNegotiation(), Set(Locale.availableIdentifiers)),
]

/// The input, as a header value: `Accept-Language`, then the time-zone
/// header. Oracle: no crash, a result from the allowed set, and the same
/// answer twice.
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
  }
  let zone = TimeZone(iana: header)
  if let zone, zone.identifier != header, header != "UTC" {
    fatalError("Time-Zone \(header.debugDescription) gave \(zone.identifier), not an IANA name")
  }
  if TimeZone(iana: header)?.identifier != zone?.identifier {
    fatalError("Time-Zone \(header.debugDescription) gave two answers")
  }
  return 0
}
