import CurrentWorldHummingbird
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import WorldServer

/// The date every test's world starts from here: 2026-01-15 14:30 UTC.
let serverDate = Date(timeIntervalSince1970: 1_768_487_400)

/// The header that names a request's time zone.
let timeZoneHeader = WorldMiddleware<BasicRequestContext>.timeZoneHeader

/// Headers that ask for `language` and `zone`.
func headers(language: String? = nil, zone: String? = nil) -> HTTPFields {
  var fields = HTTPFields()
  if let language { fields[.acceptLanguage] = language }
  if let zone { fields[timeZoneHeader] = zone }
  return fields
}

/// What the platform's own `DateFormatter` writes for `date` with the
/// `.full` styles in `locale` and `zone`, in the calendar it picks for the
/// locale: the expected `text` of `/now`.
func platformFullText(_ date: Date, locale: String, zone: String) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: locale)
  formatter.timeZone = TimeZone(identifier: zone)
  formatter.dateStyle = .full
  formatter.timeStyle = .full
  return formatter.string(from: date)
}

/// What the platform's own styles write for one countdown line with
/// `secondsLeft` at `date`, in `locale` and `zone`.
func platformCountdownLine(_ secondsLeft: Int, at date: Date, locale: String, zone: String)
  -> String
{
  var calendar = Calendar(identifier: .gregorian)
  calendar.locale = Locale(identifier: locale)
  calendar.timeZone = TimeZone(identifier: zone)!
  let relative = Date.AnchoredRelativeFormatStyle(
    anchor: date.addingTimeInterval(TimeInterval(secondsLeft)), presentation: .numeric,
    unitsStyle: .wide, locale: Locale(identifier: locale), calendar: calendar
  ).format(date)
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: locale)
  formatter.timeZone = TimeZone(identifier: zone)
  formatter.calendar = calendar
  formatter.dateStyle = .none
  formatter.timeStyle = .long
  return "\(relative) · \(formatter.string(from: date))"
}

/// `/now`'s answer, decoded.
func decodeNow(_ response: TestResponse) throws -> NowBody {
  try JSONDecoder().decode(NowBody.self, from: Data(String(buffer: response.body).utf8))
}

/// A JSON error answer, decoded.
struct ErrorAnswer: Decodable, Equatable {
  var error: String
  var header: String?
  var parameter: String?
}

func decodeError(_ response: TestResponse) throws -> ErrorAnswer {
  try JSONDecoder().decode(ErrorAnswer.self, from: Data(String(buffer: response.body).utf8))
}

/// Hummingbird's JSON error answer, `{"error": {"message": "…"}}`, as the
/// world middleware's `HTTPError` is written: its message.
func decodeHTTPErrorMessage(_ response: TestResponse) throws -> String {
  struct Answer: Decodable {
    struct Error: Decodable { var message: String }
    var error: Error
  }
  return try JSONDecoder().decode(Answer.self, from: Data(String(buffer: response.body).utf8))
    .error.message
}
