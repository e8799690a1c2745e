import Foundation
import Testing

@testable import CurrentWorldHTTP

/// The limits that keep an error's text short.
@Suite struct RedactionTests {
  /// Promise: a text of up to the excerpt limit is kept whole; a longer one
  /// is cut to the limit and marked with an ellipsis.
  @Test func aTextIsCutOnlyPastTheLimit() {
    let limit = APIError.bodyExcerptLimit
    let whole = String(repeating: "a", count: limit)
    #expect(Redaction.bounded(whole) == whole)
    #expect(Redaction.bounded(whole + "b") == whole + "…")
  }
}
