import Foundation
import Testing

@testable import CurrentWorldHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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

  /// Promise: a plural name is in its singular's family (`tokens`,
  /// `api_keys`, `recovery_codes`); a plural descriptor still describes
  /// (`token_types`), and `keys` alone (a JWKS's public keys) is kept.
  @Test func pluralsAreInTheirFamily() {
    for name in [
      "tokens", "api_keys", "recovery_codes", "backup_codes", "passwords", "AccessTokens",
      "client_secrets", "session_ids",
    ] {
      #expect(SecretNames.isSecret(name), "\(name) parts: \(SecretNames.split(name))")
    }
    for name in ["keys", "token_types", "password_hints", "expires", "ids", "codes", "status"] {
      #expect(!SecretNames.isSecret(name), "\(name) parts: \(SecretNames.split(name))")
    }
  }

  /// Promise: a qualifier and what it qualifies written as one word
  /// (`accesskey`, `privatekey`, `authcode`) is in the family; a word
  /// that merely ends in `key` (`monkey`), an `appid` and a described
  /// compound (`accesskey_id`) are not.
  @Test func qualifiedCompoundsAreInTheirFamily() {
    for name in ["accesskey", "authkey", "secretkey", "privatekey", "Sessionkey", "authcode"] {
      #expect(SecretNames.isSecret(name), "\(name)")
    }
    for name in ["monkey", "hockey", "appid", "accesskey_id", "barcode"] {
      #expect(!SecretNames.isSecret(name), "\(name)")
    }
  }

  /// The values `body` gives under `name`.
  static func values(_ name: String, in body: String) -> [String] {
    BodyValues(Data(body.utf8)).named.filter { $0.name == name }.map(\.value)
  }

  /// Whether `body` gives `value` under `name` in `place`.
  static func gives(
    _ body: String, _ name: String, _ value: String, _ place: BodyValues.Place
  ) -> Bool {
    BodyValues(Data(body.utf8)).named.contains {
      $0.name == name && $0.value == value && $0.place == place
    }
  }

  /// Promise: XML attributes are named values (by their local names), and
  /// an element's CDATA is its value.
  @Test func xmlAttributesAndCDATAAreRead() {
    let xml =
      #"<r xmlns:a="urn:x"><Credentials a:SecretAccessKey="s/1&amp;2" SessionToken='st-1'/>"#
      + "<token><![CDATA[c<1>]]></token><city>Lisbon</city></r>"
    #expect(Self.values("SecretAccessKey", in: xml) == ["s/1&2"])
    #expect(Self.values("SessionToken", in: xml) == ["st-1"])
    #expect(Self.values("token", in: xml) == ["c<1>"])
    #expect(Self.values("city", in: xml) == ["Lisbon"])
  }

  /// Promise: HTML gives every attribute, a `<meta>`'s name with its
  /// content as a form field, and the JSON-like pairs of a script.
  @Test func htmlMetaAttributesAndScriptsAreRead() {
    let page =
      #"<meta name="csrf-token" content="m-1"><div data-api-key="d-1"></div>"#
      + #"<script>window.s = {"accessToken":"j-1", "n": 42};</script>"#
    #expect(Self.gives(page, "csrf-token", "m-1", .form))
    #expect(Self.values("data-api-key", in: page) == ["d-1"])
    #expect(Self.values("accessToken", in: page) == ["j-1"])
    #expect(Self.values("n", in: page) == ["42"])
    let json = #"{"html":"<input name=\"authenticity_token\" value=\"a-1\">"}"#
    #expect(Self.gives(json, "authenticity_token", "a-1", .form))
  }

  /// Promise: `"name": value` pairs are read in any text: JSONP, an
  /// anti-XSSI prefix with spaces, a leading comment, JSON lines,
  /// server-sent events, arrays of strings, and JSON in a script's
  /// string; a stray quote shifts nothing.
  @Test func jsonLikePairsAreReadInAnyText() {
    #expect(Self.values("token", in: #"cb({"token":"t-1","city":"Lisbon"});"#) == ["t-1"])
    #expect(Self.values("token", in: #"for (;;);{"token" : "t-2"}"#) == ["t-2"])
    #expect(Self.values("token", in: "/* v2 */\n{\"token\":\"t-3\"}") == ["t-3"])
    #expect(Self.values("token", in: "{\"a\":1}\n{\"token\":\"t-4\"}\n") == ["t-4"])
    #expect(Self.values("key", in: "event: x\ndata: {\"key\": \"t-5\"}\n\n") == ["t-5"])
    #expect(
      Self.values("codes", in: #"x = {"codes": ["c-1", 22, "c-3"]}"#) == ["c-1", "22", "c-3"])
    #expect(Self.values("token", in: #"JSON.parse("{\"token\":\"t-6\"}")"#) == ["t-6"])
    #expect(Self.values("token", in: #"He said "hi. {"token": "t-7"}"#) == ["t-7"])
  }

  /// Promise: the query items of a URL in a JSON string or a text are
  /// read, percent-decoded, as query items.
  @Test func queryItemsOfURLsInBodiesAreRead() {
    let json = #"{"url":"https://b.example/o?sv=1&sig=a%2Bb%3D&X-Amz-Signature=f00d"}"#
    #expect(Self.gives(json, "sig", "a+b=", .query))
    #expect(Self.gives(json, "X-Amz-Signature", "f00d", .query))
    #expect(Self.values("token", in: #"<a href="/x?a=1&amp;token=t-1#f">"#) == ["t-1"])
  }

  /// Promise: a CSV's values are named by their columns; a text whose
  /// lines differ in length, or whose first line is no header, is not.
  @Test func csvColumnsNameTheirValues() {
    let csv = "User,Password,\"Secret access key\"\r\nalice,pw-1,\"k,1\"\r\nbob,pw-2,k-2\r\n"
    #expect(Self.values("Password", in: csv) == ["pw-1", "pw-2"])
    #expect(Self.values("Secret access key", in: csv) == ["k,1", "k-2"])
    #expect(Self.values("b", in: "a,b\n1,2,3\n").isEmpty)
    #expect(BodyValues.csv("{\"a\":1,\"b\":2}\n{\"a\":3,\"b\":4}\n").isEmpty)
  }

  /// Promise: a multipart part's name is read unquoted and after its
  /// `filename`, and a part or a form field that holds a body is read as
  /// one.
  @Test func bodiesInsidePartsAndFieldsAreRead() {
    let multipart =
      "--b\r\nContent-Disposition: form-data; filename=\"p.txt\"; name=\"password\"\r\n\r\np-1\r\n"
      + "--b\r\nContent-Disposition: form-data; name=api_key\r\n\r\nk-1\r\n"
      + "--b\r\nContent-Disposition: form-data; name=m\r\nContent-Type: application/json\r\n\r\n"
      + "{\"client_secret\":\"s-1\"}\r\n--b--\r\n"
    #expect(Self.values("password", in: multipart) == ["p-1"])
    #expect(Self.values("api_key", in: multipart) == ["k-1"])
    #expect(Set(Self.values("client_secret", in: multipart)) == ["s-1"])
    #expect(Self.values("token", in: "a=1&payload=%7B%22token%22%3A%22t-1%22%7D") == ["t-1"])
  }

  /// Promise: a form field that holds JSON is redacted decoded, so that
  /// its secret field is hidden and the rest kept.
  @Test func aFormFieldHoldingJSONIsRedacted() throws {
    var request = URLRequest(url: try #require(URL(string: "https://api.example/actions")))
    request.httpMethod = "POST"
    let form = "payload=%7B%22token%22%3A%22RTformTok-1a2b3c%22%2C%22city%22%3A%22Lisbon%22%7D"
    request.httpBody = Data(form.utf8)
    let redactor = HARRedactor(HARRedaction(), credentialHeaders: [], secrets: [], request: request)
    let written = String(decoding: redactor.body(Data(form.utf8)), as: UTF8.self)
    #expect(!written.contains("RTformTok"), "\(written)")
    #expect(written.removingPercentEncoding?.contains(#""city":"Lisbon""#) == true, "\(written)")
  }

  /// Promise: every reader survives truncated and garbage input, and
  /// reads it in linear time (a quadratic reader takes minutes on these).
  @Test func hostileBodiesAreReadQuicklyWithoutACrash() {
    let size = 100_000
    let inputs = [
      String(repeating: "<", count: size), String(repeating: "<a ", count: size / 3),
      String(repeating: "\\\"", count: size / 2), String(repeating: "\"a\":", count: size / 4),
      String(repeating: "a=", count: size / 2), "a,b\n" + String(repeating: "\"", count: size),
      String(repeating: "<![CDATA[", count: size / 9), String(repeating: "<!--", count: size / 4),
      "--b\r\n" + String(repeating: "Content-Disposition: name=\r\n", count: size / 30),
      String(repeating: "?&=", count: size / 3), String(repeating: "x=\"", count: size / 3),
      String(repeating: "\"a\": [", count: size / 6), String(repeating: "a,", count: size / 2),
      "<a b='", "<![CDATA[x", "<t>x</", "\"a\": [\"x\", ", "a,\"b", "--b\r\nname=\"x",
      "{\"a\":", "?", "&amp;", "\u{FEFF}", "",
    ]
    let clock = ContinuousClock()
    for input in inputs {
      let elapsed = clock.measure { _ = BodyValues(Data(input.utf8)) }
      #expect(elapsed < .seconds(10), "\(input.prefix(20).debugDescription): \(elapsed)")
    }
  }
}
