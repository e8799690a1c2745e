/// What a recording replaces with `REDACTED` before it writes a file:
/// the defaults below, plus the names you add, minus the names you keep.
///
/// Hidden by default:
/// - **request headers by their place**: every request header's value
///   except those in ``harmlessRequestHeaders``; answer headers named like
///   credentials (`Set-Cookie`, `*-Token`, `*-Signature`, `X-API-Key`…);
///   every cookie;
/// - **values by their names' families**: query items, JSON fields (at
///   any depth, also in JSON behind a BOM or `)]}'`, and in JSON inside a
///   string), form fields (bracketed names too), multipart parts, XML
///   elements and attributes, HTML attributes, inputs and `<meta>` tags,
///   CSV columns, `"name": "value"` pairs in any text (scripts, JSONP,
///   JSON lines, server-sent events), and the query items of URLs in a
///   body, whose name has a part from a secret
///   family: `password` (`passwd`, `pwd`, `pin`, `passcode`), `secret`,
///   `token` (`jwt`), `signature` (`sig`), `credential`, `assertion`,
///   `verifier`, `otp`; `key` after `api`, `access`, `private`, `secret`,
///   `subscription`…; `code` after `device`, `auth`, `mfa`, `recovery`,
///   `backup`…; and `code` alone in queries and forms. Names are split at
///   `_`, `-`, brackets and case changes: `new_password`, `user[password]`,
///   `SecretAccessKey`, `oauth_token_secret`; a part counts in the plural
///   too (`tokens`, `api_keys`), and a qualifier glued to what it
///   qualifies counts as both (`accesskey`, `privatekey`; not `appid`).
///   A name ending in `type`, `id`, `url`, `hint`,
///   `expires`… describes a secret and is kept (`token_type`);
/// - **values by their shape**, wherever they stand: JWTs, the lines of
///   private key blocks, cloud and vendor keys (`AKIA…`, `ghp_…`,
///   `sk_live_…`, `xoxb-…`), and random URL path segments (20 characters
///   or more, mixing cases and digits; never hex hashes or UUIDs);
/// - URL user info, in the request's URL, `Location` and `redirectURL`.
///
/// Every value hidden this way and the client's token are then secrets:
/// each is replaced wherever it comes back, as sent, JSON-escaped,
/// percent-encoded, base64 or HTML-escaped, as a whole token (a secret
/// `4242` leaves `142420` alone), and a base64 value that decodes to one
/// among other bytes (`Basic` of `user:token`) is replaced whole. Not
/// covered: names in other languages (`passwort`), an app id (`appid`,
/// public in most APIs), and names outside the families (`X-Refresh`):
/// add those with ``HARRedaction/init(headers:queryItems:jsonFields:formFields:keeping:)``.
/// A cookie's or a header's value that is
/// short and plain (`europe`, `dark`) is hidden where it stands only.
/// Before a file is written, its bytes are searched for every secret in
/// all those forms; a file that would hold one is not written, and the
/// test fails naming the entry and the field. A replay redacts each
/// request the same way before matching it, so a test's token or client
/// secret never has to equal the recorded one.
///
/// ```swift
/// let client = api.replaying(
///   .file(
///     "Fixtures/login.har",
///     redacting: HARRedaction(queryItems: ["device"], jsonFields: ["pin"], keeping: ["token"])))
/// ```
public struct HARRedaction: Sendable, Equatable {
  /// More header names whose values are replaced, compared without case.
  public var headers: Set<String>
  /// More query item names whose values are replaced.
  public var queryItems: Set<String>
  /// More JSON object keys whose values are replaced at any depth, in
  /// request and response bodies.
  public var jsonFields: Set<String>
  /// More form field names whose values are replaced, in request and
  /// response bodies.
  public var formFields: Set<String>
  /// Names that the defaults would hide and that are not secret here (a
  /// field really called `token` that holds a product code, a request
  /// header `X-Client-Version`): kept as they are in query items, JSON and
  /// form fields, and request or answer headers. The headers always hidden,
  /// credential headers and the names you add are hidden even so.
  public var keeping: Set<String>

  /// The header names whose values a recording always replaces.
  public static let alwaysRedactedHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie",
  ]

  /// The request headers, lower-cased, whose values a recording writes:
  /// they describe the request and never carry credentials. Every other
  /// request header's value is replaced.
  public static let harmlessRequestHeaders: Set<String> = [
    "accept", "accept-charset", "accept-encoding", "accept-language", "cache-control",
    "content-language", "content-length", "content-type", "dnt", "expect", "host",
    "if-match", "if-modified-since", "if-none-match", "if-range", "if-unmodified-since",
    "origin", "pragma", "range", "te", "upgrade", "user-agent", "x-requested-with",
  ]

  /// Whether the defaults hide a value under `name` (a query item, JSON
  /// field, form field, multipart part, XML element or HTML input), by
  /// the families above; `inQueryOrForm` also hides `code`.
  public static func isSecretName(_ name: String, inQueryOrForm: Bool = false) -> Bool {
    SecretNames.isSecret(name, inQueryOrForm: inQueryOrForm)
  }

  /// A redaction of the given names, besides the defaults.
  public init(
    headers: Set<String> = [], queryItems: Set<String> = [], jsonFields: Set<String> = [],
    formFields: Set<String> = [], keeping: Set<String> = []
  ) {
    self.headers = headers
    self.queryItems = queryItems
    self.jsonFields = jsonFields
    self.formFields = formFields
    self.keeping = keeping
  }

  /// A name as names are compared: lower-case, without `_` and `-`.
  static func comparable(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
  }

  /// Whether a header's name looks like a credential's.
  static func looksLikeCredential(header name: String) -> Bool {
    let name = name.lowercased()
    // `api-key` and `apikey` are secret names (SecretNames) already.
    return name.hasPrefix("auth") || name.contains("-auth")
      || ["-api-key", "-apikey", "-token", "-secret", "-password"].contains {
        name.hasSuffix($0)
      }
  }
}
