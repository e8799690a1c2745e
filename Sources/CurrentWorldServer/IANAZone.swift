import Foundation

extension TimeZone {
  /// The zone that IANA's `identifier` names, or `nil`. Foundation also
  /// takes offsets such as `GMT+3`, which it renames (`GMT+0300`) and which
  /// are not IANA names; it renames IANA's `UTC` too, to `GMT`, on Linux.
  init?(iana identifier: String) {
    guard let zone = TimeZone(identifier: identifier),
      zone.identifier == identifier || identifier == "UTC"
    else { return nil }
    self = zone
  }
}
