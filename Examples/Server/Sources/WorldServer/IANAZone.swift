import Foundation

extension TimeZone {
  /// The zone that IANA's `identifier` names, or `nil`. Foundation also
  /// takes offsets such as `GMT+3`, which it renames (`GMT+0300`) and which
  /// are not IANA names; it renames IANA's `UTC` too, to `GMT`, on Linux.
  /// (A file of its own, with Foundation only, so that the fuzz target for
  /// the time-zone header compiles it as it is.)
  init?(iana identifier: String) {
    guard let zone = TimeZone(identifier: identifier),
      zone.identifier == identifier || identifier == "UTC"
    else { return nil }
    self = zone
  }
}
