// The code of the article "Dates across locales", compiled and run as tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

func expectedString(_ date: Date, locale: String, timeZone: TimeZone) -> String {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: locale)
  formatter.timeZone = timeZone
  formatter.dateStyle = .full
  formatter.timeStyle = .full
  return formatter.string(from: date)
}

@Suite(.world) struct DateSnippets {

  @Test func formatStyles() {
    Current.locale = Locale(identifier: "en-GB")
    let style = Current.formatStyle(date: .complete, time: .complete)
    let text = Current.date().formatted(style)
    #expect(text == Current.formatted(Current.date(), date: .complete, time: .complete))
  }
}

@Test(.world) func thaiYears() {
  Current.locale = Locale(identifier: "th_TH")
  #expect(Current.calendar.identifier == .buddhist)

  Current.calendar = Calendar(identifier: .gregorian)  // on purpose: kept
  Current.locale = Locale(identifier: "ar_SA")
  #expect(Current.calendar.identifier == .gregorian)
}

@Test(.world) func argentina() {
  let argentina = TimeZone(secondsFromGMT: -3 * 3600)!
  Current.date = { .distantFuture }
  Current.locale = Locale(identifier: "es-AR")
  Current.timeZone = argentina

  let text = Current.dateFormatter(dateStyle: .full, timeStyle: .full).string(
    from: Current.date())

  #expect(text == expectedString(.distantFuture, locale: "es-AR", timeZone: argentina))
}

@Test(.world) func relativeDates() {
  Current.locale = Locale(identifier: "ja_JP")
  let reminder = Current.date().addingTimeInterval(2 * 3_600 + 60)

  let text = Current.relativeFormatted(reminder)  // from Current.date(), not the machine's clock

  let platform = Date.RelativeFormatStyle(locale: Current.locale, calendar: Current.calendar)
  #expect(text == platform.format(Date().addingTimeInterval(2 * 3_600 + 60)))
}

let welcomes = ["es": "Bienvenido", "fr": "Bienvenue", "en": "Welcome"]

/// The welcome in the first of the user's languages that has one.
func welcome() -> String {
  for locale in Current.preferredLocales {
    if let language = locale.language.languageCode?.identifier, let text = welcomes[language] {
      return text
    }
  }
  return "Welcome"
}

@Test(.world) func welcomeFallsBackAlongTheList() {
  Current.preferredLocales = [Locale(identifier: "de_DE"), Locale(identifier: "fr_CA")]
  #expect(welcome() == "Bienvenue")
}
