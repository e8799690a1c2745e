import Foundation
import Testing

@testable import CurrentWorldHTTP

/// Promise: names are judged by family, by their parts, not by spelling;
/// names that describe a secret, and ordinary names, are kept.
@Suite struct SecretNamesTests {
  @Test(arguments: [
    "new_password", "current_password", "user[password]", "otp", "assertion", "device_code",
    "mfa_token", "oauth_token_secret", "oauth_verifier", "WebIdentityToken", "SecretAccessKey",
    "auth_token", "accessToken", "X-Hub-Signature-256", "Ocp-Apim-Subscription-Key", "APIKey",
    "session_id", "pin", "passwd", "client_assertion", "code_verifier",
  ])
  func aSecretFamilyIsHidden(name: String) {
    #expect(SecretNames.isSecret(name), "\(name) parts: \(SecretNames.split(name))")
  }

  @Test(arguments: [
    "token_type", "expires_in", "client_id", "sort_key", "keyboard", "spinner", "city",
    "password_hint", "token_id", "code", "broken", "pin_length",
  ])
  func anOrdinaryNameIsKept(name: String) {
    #expect(!SecretNames.isSecret(name), "\(name) parts: \(SecretNames.split(name))")
  }

  @Test func codeAloneIsASecretInQueriesAndFormsOnly() {
    #expect(SecretNames.isSecret("code", inQueryOrForm: true))
    #expect(!SecretNames.isSecret("code"))
  }

  /// Promise: credential shapes are found wherever they stand; a hex hash
  /// and a UUID are not.
  @Test func shapesAreFoundAndIdsAreNot() {
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ"
    let aws = "AKIAIOSFODNN7EXAMPLE"
    let github = "ghp_" + String(repeating: "a1B2", count: 9)
    let found = SecretShapes.found(in: "/v1/links/\(jwt)/verify note \(aws), \(github).")
    #expect(Set(found) == [jwt, aws, github])
    #expect(SecretShapes.isRandom("Xk29fQpL0aZ7mN3vR8tYw2"))
    #expect(!SecretShapes.isRandom("da39a3ee5e6b4b0d3255bfef95601890afd80709"))
    #expect(!SecretShapes.isRandom("123e4567-e89b-12d3-a456-426614174000"))
    #expect(SecretShapes.isHunted("s3ss10n-abc") && !SecretShapes.isHunted("europe"))
  }

  /// Promise: named values are read from XML, HTML inputs, multipart
  /// parts and JSON behind a prefix or inside a string.
  @Test func bodiesOfEveryKindGiveTheirNamedValues() {
    func names(_ body: String) -> [String: String] {
      Dictionary(
        BodyValues(Data(body.utf8)).named.map { ($0.name, $0.value) },
        uniquingKeysWith: { a, _ in a })
    }
    #expect(
      names("<a:Creds><a:SessionToken>st-1&amp;2</a:SessionToken></a:Creds>")["SessionToken"]
        == "st-1&2")
    #expect(
      names(#"<form><input type="hidden" name="id_token" value="x&#x2F;y"/></form>"#)["id_token"]
        == "x/y")
    #expect(
      names("--b\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\npw-1\r\n--b--")[
        "password"] == "pw-1")
    #expect(names(")]}'\n{\"token\":\"t-1\"}")["token"] == "t-1")
    #expect(names("\u{FEFF}{\"body\":\"{\\\"secret\\\":\\\"s-1\\\"}\"}")["secret"] == "s-1")
  }
}
