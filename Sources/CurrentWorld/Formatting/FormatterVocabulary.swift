import Foundation

/// The names one date formatter reads, as far as they decide whether a text
/// is safe to hand to its `date(from:)`.
///
/// corelibs Foundation's `DateFormatter.date(from:)` stops the process
/// (`Fatal error: Incorrect range CFRange…`) when ICU's parse stops inside
/// a character of more than one Unicode scalar: a digit with a combining
/// mark after it, or Thai "จันทร์" read against a weekday pattern, where
/// ICU matches the narrow weekday "จ" and stops before the vowel on it.
/// ICU stops after a run of digits, spaces or punctuation, after a number
/// written in letters (Hebrew years), and after the longest name that
/// matches where a field starts. So text is refused when it has a
/// character of more than one scalar that the formatter never writes (a
/// digit, a space or a letter with a mark that the formatter never puts on
/// it), or when the longest of the formatter's names that matches at a
/// word's start ends inside one of its characters, or when the longest name
/// of the pattern's first field that matches at the text's start does (ICU
/// reads the start with that field alone: Thai "สิงหาคม", a month, where
/// the pattern starts with a weekday, whose narrow "ส" ends inside "สิ").
/// Such text is not one of the formatter's dates: its own output does
/// none of these.
///
/// A field that begins right after a letter, with no space or punctuation
/// between, is not looked at; no locale's date and time styles write one
/// before a character of more than one scalar.
struct FormatterVocabulary: Sendable {
  /// Every name the formatter reads, as case-folded scalars, by its first
  /// scalar.
  private let names: [UInt32: [[UInt32]]]
  /// The names that the pattern's first field reads, when the pattern
  /// starts with one, in the same form: ICU parses the text's start with
  /// that field alone, and picks the longest of its names, which need not
  /// be the longest of all names ("ส", a weekday, inside "สิงหาคม", a month).
  private let firstFieldNames: [UInt32: [[UInt32]]]
  /// Every character of more than one scalar that the formatter writes, as
  /// its exact scalars: `Character`'s own `==` also matches canonically
  /// equivalent text with other scalars, inside which ICU could stop.
  private let written: Set<[UInt32]>

  /// The names of `formatter`: its month, weekday, quarter, era and
  /// day-period names in every width, what each letter of its pattern
  /// writes alone in every width (time-zone names among them), and the
  /// words it writes, for a day in each half of every month and every hour
  /// of a day.
  init(of formatter: DateFormatter) {
    let months: [[String]?] = [
      formatter.monthSymbols, formatter.shortMonthSymbols, formatter.veryShortMonthSymbols,
      formatter.standaloneMonthSymbols, formatter.shortStandaloneMonthSymbols,
      formatter.veryShortStandaloneMonthSymbols,
    ]
    let weekdays: [[String]?] = [
      formatter.weekdaySymbols, formatter.shortWeekdaySymbols, formatter.veryShortWeekdaySymbols,
      formatter.standaloneWeekdaySymbols, formatter.shortStandaloneWeekdaySymbols,
      formatter.veryShortStandaloneWeekdaySymbols,
    ]
    let others: [[String]?] = [
      formatter.quarterSymbols, formatter.shortQuarterSymbols, formatter.standaloneQuarterSymbols,
      formatter.shortStandaloneQuarterSymbols, formatter.eraSymbols, formatter.longEraSymbols,
      [formatter.amSymbol, formatter.pmSymbol].compactMap { $0 },
    ]
    var texts: [String] = (months + weekdays + others).compactMap { $0 }.flatMap { $0 }

    let calendar = formatter.calendar ?? Calendar(identifier: .gregorian)
    let start = calendar.startOfDay(for: Date(timeIntervalSinceReferenceDate: 0))
    // 13 months (the Hebrew year's most), a day in each half of each, and
    // every hour of one day.
    let days: [Date] = stride(from: 0, to: 13 * 31, by: 15).map {
      start.addingTimeInterval(Double($0) * 86_400)
    }
    let hours: [Date] = (0..<24).map { start.addingTimeInterval(Double($0) * 3_600) }
    // Eras change between 1906 and 2096 (Japan's four): a field is written
    // for an instant in each of them too.
    let eras: [Date] = stride(from: -2.0, through: 4, by: 1).map {
      Date(timeIntervalSince1970: $0 * 1e9)
    }
    let field = formatter.makeCopy()
    var byLetter: [Character: [String]] = [:]
    for letter in Self.letters(of: formatter.dateFormat ?? "") {
      for width in 1...6 {
        field.dateFormat = String(repeating: letter, count: width)
        byLetter[letter, default: []] += (days + hours + eras).map(field.string(from:))
      }
    }
    texts += byLetter.values.flatMap { $0 }
    var first: [String] = []
    if let letter = Self.firstLetter(of: formatter.dateFormat ?? "") {
      let symbols: [[String]?] =
        switch letter {
        case "E", "c", "e": weekdays
        case "M", "L": months
        case "G": [formatter.eraSymbols, formatter.longEraSymbols]
        case "Q", "q": Array(others[0..<4])
        case "a", "b", "B": [[formatter.amSymbol, formatter.pmSymbol].compactMap { $0 }]
        default: []
        }
      first = symbols.compactMap { $0 }.flatMap { $0 } + byLetter[letter, default: []]
    }
    firstFieldNames = Self.index(first)

    // The words of what the whole formatter writes too: its pattern's
    // literal text ("ที่", "रोजी") is matched where it stands.
    for text in (days + hours + eras).map(formatter.string(from:)) {
      texts += text.unicodeScalars.split { !Self.isWordScalar($0) }.map { String($0) }
    }
    var written = Set<[UInt32]>()
    for text in texts {
      for character in text where character.unicodeScalars.count > 1 {
        written.insert(character.unicodeScalars.map(\.value))
      }
    }
    self.written = written
    names = Self.index(texts)
  }

  /// `texts` as names, case-folded, by their first scalar.
  private static func index(_ texts: [String]) -> [UInt32: [[UInt32]]] {
    var names: [UInt32: [[UInt32]]] = [:]
    for name in Set(texts) {
      // ICU reads an abbreviation without its period too ("ม.ค" for "ม.ค.").
      for form in name.hasSuffix(".") ? [name, String(name.dropLast())] : [name] {
        let folded = folded(form)
        if let first = folded.first { names[first, default: []].append(folded) }
      }
    }
    return names
  }

  /// The letter of the pattern's first field, if the pattern starts with a
  /// field rather than with literal text.
  static func firstLetter(of pattern: String) -> Character? {
    guard let first = pattern.first(where: { !$0.isWhitespace }), first.isASCII, first.isLetter
    else { return nil }
    return first
  }

  /// The field letters of an ICU pattern, outside its quoted text:
  /// `"EEEE, d 'de' MMMM"` has `E`, `d` and `M`.
  static func letters(of pattern: String) -> Set<Character> {
    var letters = Set<Character>()
    var quoted = false
    for character in pattern {
      if character == "'" {
        quoted.toggle()
      } else if !quoted, character.isASCII, character.isLetter {
        letters.insert(character)
      }
    }
    return letters
  }

  /// Whether a parse of `text` cannot stop inside one of its characters.
  /// `vocabulary` is asked only for text with a character of more than one
  /// scalar.
  static func isParseable(_ text: String, by vocabulary: () -> Self) -> Bool {
    // Where each character begins and ends, in scalars.
    var boundaries: Set<Int> = [0]
    var end = 0
    for character in text {
      end += character.unicodeScalars.count
      boundaries.insert(end)
    }
    if boundaries.count == end + 1 { return true }

    let scalars = Array(text.unicodeScalars)
    let vocabulary = vocabulary()
    for character in text where character.unicodeScalars.count > 1 {
      if !vocabulary.written.contains(character.unicodeScalars.map(\.value)) { return false }
    }
    let folded = scalars.map(fold)
    /// The length of the longest of `names` that `text` has at `start`.
    func longest(of names: [UInt32: [[UInt32]]], at start: Int) -> Int? {
      names[folded[start], default: []]
        .filter { $0.count <= end - start && folded[start..<start + $0.count].elementsEqual($0) }
        .map(\.count).max()
    }
    if let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let length = longest(of: vocabulary.firstFieldNames, at: start),
      !boundaries.contains(start + length)
    {
      return false
    }
    for start in boundaries.sorted() where start < end {
      if start > 0, isWordScalar(scalars[start - 1]) { continue }
      if let length = longest(of: vocabulary.names, at: start),
        !boundaries.contains(start + length)
      {
        return false
      }
    }
    return true
  }

  /// A letter, a mark or a format character (a joiner, Syriac's
  /// abbreviation mark): a run of these is read as one name, and a word
  /// starts after anything else (digits, spaces, punctuation, symbols).
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .format:
      true
    default: false
    }
  }

  /// `text`'s scalars, each lowercased where that gives one scalar: ICU
  /// matches names without regard to case.
  private static func folded(_ text: String) -> [UInt32] {
    text.unicodeScalars.map(fold)
  }

  private static func fold(_ scalar: Unicode.Scalar) -> UInt32 {
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    if lower.count == 1, let only = lower.first { return only.value }
    return scalar.value
  }
}
