import Foundation
import Testing

@testable import CurrentWorldHTTP

/// The origin that credentials are kept to on redirects: scheme, host and
/// port, compared as RFC 6454 compares them.
@Suite struct OriginTests {
  static func origin(_ text: String) -> SessionTransport.Origin {
    SessionTransport.Origin(URL(string: text)!)
  }

  /// Promise: scheme and host are compared without case, so a redirect to
  /// `API.Example.com` stays within the origin of `api.example.com`.
  @Test func schemeAndHostIgnoreCase() {
    #expect(Self.origin("HTTPS://API.Example.com/a") == Self.origin("https://api.example.com/b"))
  }

  /// Promise: a missing port is the scheme's default, 443 or 80.
  @Test func aMissingPortIsTheSchemesDefault() {
    #expect(Self.origin("https://api.example.com") == Self.origin("https://api.example.com:443"))
    #expect(Self.origin("http://api.example.com") == Self.origin("http://api.example.com:80"))
  }

  /// Promise: another scheme, host or port is another origin.
  @Test(arguments: [
    "http://api.example.com", "https://api.example.org", "https://api.example.com:8443",
    "https://evil.api.example.com",
  ])
  func anyOtherPartIsAnotherOrigin(_ other: String) {
    #expect(Self.origin(other) != Self.origin("https://api.example.com"))
  }
}
