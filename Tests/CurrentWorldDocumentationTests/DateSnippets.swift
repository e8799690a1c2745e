// The code of the article "Dates across locales", compiled and run as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

func expectedString(_ date: Date, locale: String, timeZone: TimeZone) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: locale)
  formatter.timeZone = timeZone
  formatter.calendar = Calendar(identifier: .gregorian)
  formatter.dateStyle = .full
  formatter.timeStyle = .full
  return formatter.string(from: date)
}

@Suite(.world) struct DateSnippets {
  @Test func argentina() {
    let argentina = TimeZone(secondsFromGMT: -3 * 3600)!
    Current.date = { .distantFuture }
    Current.locale = Locale(identifier: "es-AR")
    Current.timeZone = argentina

    let text = Current.dateFormatter(dateStyle: .full, timeStyle: .full).string(
      from: Current.date())

    #expect(text == expectedString(.distantFuture, locale: "es-AR", timeZone: argentina))
  }

  @Test func formatStyles() {
    Current.locale = Locale(identifier: "en-GB")
    let style = Current.formatStyle(date: .complete, time: .complete)
    let text = Current.date().formatted(style)
    #expect(text == Current.formatted(Current.date(), date: .complete, time: .complete))
  }
}
