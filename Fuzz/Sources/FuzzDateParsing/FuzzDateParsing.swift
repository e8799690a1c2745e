import CurrentWorld
import Foundation

/// Locales and calendars whose dates have digits and letters of other
/// scripts, combining marks among them: Thai, Arabic, Devanagari, Hebrew
/// numerals, Japanese eras.
let places: [(locale: String, calendar: Calendar.Identifier, zone: String)] = [
  ("en_US_POSIX", .gregorian, "UTC"), ("en_US", .gregorian, "America/New_York"),
  ("es_AR", .gregorian, "America/Argentina/Buenos_Aires"), ("th_TH", .buddhist, "Asia/Bangkok"),
  ("th_TH@numbers=thai", .buddhist, "Asia/Bangkok"), ("ar_EG", .islamicUmmAlQura, "Africa/Cairo"),
  ("hi_IN@numbers=deva", .gregorian, "Asia/Kolkata"), ("mr_IN", .indian, "Asia/Kolkata"),
  ("ja_JP", .japanese, "Asia/Tokyo"), ("he_IL", .hebrew, "Asia/Jerusalem"),
  ("fa_IR", .persian, "Asia/Tehran"), ("zh_Hant_TW", .republicOfChina, "Asia/Taipei"),
  ("ru_RU", .gregorian, "Europe/Moscow"), ("ko_KR", .gregorian, "Asia/Seoul"),
]
let styles: [DateFormatter.Style] = [.none, .short, .medium, .long, .full]

/// Every place in every pair of styles, made once: the library's cache
/// keeps fewer, and a formatter made again would make its vocabulary again.
let formatters: [SharedDateFormatter] = places.flatMap { locale, calendar, zone in
  var world = World.fixed(at: Date(timeIntervalSinceReferenceDate: 0))
  world.locale = Locale(identifier: locale)
  world.timeZone = TimeZone(identifier: zone)!
  world.calendar = Calendar(identifier: calendar)
  return (0..<25).map { style in
    let date = styles[style % 5]
    let time = styles[style / 5]
    return world.dateFormatter(
      dateStyle: date == .none && time == .none ? .full : date, timeStyle: time)
  }
}

/// Bytes 0 and 1 choose a formatter; byte 2 says what to parse. Even: the
/// rest of the input as text. Odd: a date that the formatter wrote (an
/// instant from bytes 3 to 6), with the rest of the input spliced in at a
/// place that byte 2 chooses. Oracle: no crash, and a written date parses,
/// to what the platform's own formatter reads from it. The one written
/// date that the platform cannot read back is a day without a time of day
/// whose midnight a time-zone change skips (Cairo's last Friday of April,
/// from 2023): ICU has no instant for it, and there both say `nil`.
@c(LLVMFuzzerTestOneInput)
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: bytes, count: count))
  guard input.count >= 7 else { return 0 }
  let shared = formatters[Int(input[0]) % places.count * 25 + Int(input[1]) % 25]
  let rest = String(decoding: input[7...], as: UTF8.self)
  if input[2] % 2 == 0 {
    _ = shared.date(from: rest)
    return 0
  }
  let seconds = input[3...6].reduce(0) { $0 << 8 | Int($1) }
  // 1970 to 2106, inside every calendar's range here.
  let date = Date(timeIntervalSince1970: Double(seconds))
  let written = shared.string(from: date)
  let parsed = shared.date(from: written)
  let platform = shared.makeDateFormatter()
  let midnightSkipped =
    platform.timeStyle == .none
    && shared.calendar.component(.hour, from: shared.calendar.startOfDay(for: date)) != 0
  if parsed != platform.date(from: written) || (parsed == nil && !midnightSkipped) {
    fatalError("\(written.debugDescription) was written but read as \(String(describing: parsed))")
  }
  var spliced = written
  let place = Int(input[2] / 2) % (written.count + 1)
  spliced.insert(contentsOf: rest, at: spliced.index(spliced.startIndex, offsetBy: place))
  _ = shared.date(from: spliced)
  return 0
}
