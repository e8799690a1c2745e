import Foundation
import TestHelpers
import Testing

@testable import CurrentWorldHTTP

/// `SecretForms` finds each text's candidates through an index, reading a
/// text once; these tests hold it to the search it replaced, a scan of the
/// whole text for each form in turn, on seeded random secrets and texts
/// built to make forms overlap, touch, and meet the marker.
@Suite struct SecretFormsIndexTests {
  /// The search the index replaced, kept small: each form replaced in turn,
  /// longest first, in what the forms before it left.
  enum Reference {
    /// The text forms and all forms of `secrets`, longest first.
    static func forms(_ secrets: [String]) -> (text: [[UInt8]], bytes: [[UInt8]]) {
      var text: Set<[UInt8]> = []
      var bytes: Set<[UInt8]> = []
      for secret in secrets where secret.count >= 4 {
        text.formUnion(SecretForms.textFormsByEscaping(secret).map { Array($0.utf8) })
        bytes.insert(Array(secret.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
        bytes.insert(Array(secret.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
      }
      let order: ([UInt8], [UInt8]) -> Bool = {
        $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1)
      }
      return (text.sorted(by: order), text.union(bytes).sorted(by: order))
    }

    /// An ASCII letter or digit.
    static func isWord(_ byte: UInt8) -> Bool {
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Where `form` first stands in `bytes` from `start` as a whole token.
    static func firstMatch(of form: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
      var index = start
      while index + form.count <= bytes.count {
        let end = index + form.count
        if bytes[index..<end].elementsEqual(form),
          !(index > 0 && isWord(bytes[index - 1]) && isWord(form[0])
            && !(index > 1 && bytes[index - 2] == UInt8(ascii: "\\"))),
          !(end < bytes.count && isWord(bytes[end]) && isWord(form[form.count - 1]))
        {
          return index
        }
        index += 1
      }
      return nil
    }

    /// `bytes` with each form's whole tokens replaced, form by form.
    static func replacing(_ forms: [[UInt8]], in bytes: [UInt8], with marker: [UInt8])
      -> [UInt8]
    {
      forms.reduce(bytes) { bytes, form in
        var result: [UInt8] = []
        var start = 0
        while let match = firstMatch(of: form, in: bytes, from: start) {
          result += bytes[start..<match] + marker
          start = match + form.count
        }
        return start == 0 ? bytes : result + bytes[start...]
      }
    }

    /// Whether any form stands in `bytes` as a whole token.
    static func isFound(_ forms: [[UInt8]], in bytes: [UInt8]) -> Bool {
      forms.contains { firstMatch(of: $0, in: bytes, from: 0) != nil }
    }
  }

  /// A random string of `length` characters from `alphabet`.
  static func string(
    _ alphabet: [Character], length: Int, using random: inout SplitMix
  ) -> String {
    String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
  }

  /// Secrets from a small alphabet (so that they share letters and
  /// overlap), with escapes, spaces and slashes (so that their encoded
  /// forms differ), a few holding the marker.
  static func secrets(using random: inout SplitMix) -> [String] {
    let alphabet = Array("ab1Z-/ \\é")
    var secrets = (0..<Int.random(in: 1...6, using: &random)).map { _ in
      string(alphabet, length: Int.random(in: 3...9, using: &random), using: &random)
    }
    if Int.random(in: 0..<8, using: &random) == 0 { secrets.append("x-REDACTED") }
    if Int.random(in: 0..<8, using: &random) == 0 { secrets.append("EDACTED-1") }
    return secrets
  }

  /// A text of random letters, forms of `forms`, and markers, side by
  /// side.
  static func text(_ forms: [[UInt8]], using random: inout SplitMix) -> [UInt8] {
    let letters = Array("ab1Z-=\\%/+ ;RED".utf8)
    var text: [UInt8] = []
    for _ in 0..<Int.random(in: 0...24, using: &random) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4 where !forms.isEmpty:
        var form = forms.randomElement(using: &random)!
        // A form cut short, or run on: found in part only.
        if Int.random(in: 0..<4, using: &random) == 0 { form = Array(form.dropLast()) }
        text += form
      case 4: text += Array("REDACTED".utf8)
      default: text.append(letters.randomElement(using: &random)!)
      }
    }
    return text
  }

  @Test func findsAndReplacesWhatTheScanOfEachFormFound() {
    var random = SplitMix(state: 0x84_0009)
    let markers = ["REDACTED", "[x]", "-", "R", "REDACTEDREDACTED", ""]
    var replaced = 0
    for round in 0..<1_000 {
      let secrets = Self.secrets(using: &random)
      let reference = Reference.forms(secrets)
      let forms = SecretForms(secrets)
      #expect(forms.text == reference.text, "round \(round)")
      #expect(forms.bytes == reference.bytes, "round \(round)")
      for _ in 0..<4 {
        let text = Self.text(reference.bytes, using: &random)
        let marker = markers.randomElement(using: &random)!
        let expected = Reference.replacing(reference.text, in: text, with: Array(marker.utf8))
        let actual = forms.replacingForms(in: text, with: marker)
        #expect(
          actual == expected,
          "round \(round): \(String(decoding: text, as: UTF8.self)) with \(secrets)")
        #expect(forms.isFoundAsIs(in: text) == Reference.isFound(reference.bytes, in: text))
        if actual != text { replaced += 1 }
      }
    }
    #expect(replaced > 300, "the texts hold forms to replace")
  }

  @Test func formsAddedLaterAreTheFormsOfAll() {
    var random = SplitMix(state: 0x84_0010)
    for _ in 0..<300 {
      let first = Self.secrets(using: &random)
      let later = Self.secrets(using: &random)
      let added = SecretForms(first).adding(later)
      let whole = SecretForms(first + later)
      #expect(added.text == whole.text)
      #expect(added.bytes == whole.bytes)
      let text = Self.text(whole.bytes, using: &random)
      #expect(
        added.replacing(in: text, with: "REDACTED") == whole.replacing(in: text, with: "REDACTED"))
    }
  }

  @Test func lettersAndDigitsHaveTheFormsEscapingGives() {
    var random = SplitMix(state: 0x84_0011)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    for _ in 0..<500 {
      let secret = Self.string(
        alphabet, length: Int.random(in: 4...40, using: &random), using: &random)
      #expect(SecretForms.textForms(of: secret) == SecretForms.textFormsByEscaping(secret))
      let forms = SecretForms([secret])
      #expect(forms.text == Reference.forms([secret]).text)
      #expect(forms.bytes == Reference.forms([secret]).bytes)
    }
  }

  @Test func theMarkerIsFoundOnlyWhereAFormCouldMeetIt() {
    let marker = Array("REDACTED".utf8)
    #expect(!SecretForms.mayMeet(Array("abcd".utf8), marker: marker))
    #expect(!SecretForms.mayMeet(Array("DACTED-1".utf8), marker: marker), "inside a word")
    #expect(SecretForms.mayMeet(Array("x-REDACTED".utf8), marker: marker))
    #expect(SecretForms.mayMeet(Array("EDACTED-1".utf8), marker: marker), "after an escape")
    #expect(SecretForms.mayMeet(Array("ab".utf8), marker: []), "an empty marker")
  }
}
