/// What a recording replaces with `REDACTED` before it writes a file:
/// the defaults below, plus the names you add, minus the names you keep.
///
/// Hidden by default:
/// - the values of `Authorization`, `Proxy-Authorization`, `Cookie` and
///   `Set-Cookie`, of every header an endpoint marked with
///   ``Endpoint/credential(_:_:)``, and of every header whose name looks
///   like a credential (`API-Key`, `X-API-Key` and any `*-API-Key`,
///   `*-Token`, `*-Secret`, `*-Password`, `Auth*` and `*-Auth*`);
/// - query items, JSON fields (at any depth, in requests and answers) and
///   form fields (`application/x-www-form-urlencoded` bodies, in requests
///   and answers) named in ``defaultFieldNames``; also `code` in query
///   items and forms, where OAuth sends its codes, and the other query
///   items that errors hide (`key`, `session`, `sig`, `signature`, `auth`);
/// - URL user info, in the request's URL, `Location` and `redirectURL`.
///
/// Names are compared without case, `_` or `-`: `access_token` also hides
/// `accessToken` and `Access-Token`.
///
/// Every value hidden this way, each cookie's value, and the client's
/// token are then secrets: each is replaced wherever it comes back, as
/// sent, JSON-escaped, percent-encoded or base64, as a whole token (a
/// secret `4242` leaves `142420` alone). Before a file is written, its
/// bytes are searched for every secret in all those forms; a file that
/// would hold one is not written, and the test fails naming the entry and
/// the field. A replay redacts each request the same way before matching
/// it, so a test's token or client secret never has to equal the recorded
/// one.
///
/// ```swift
/// let client = api.replaying(
///   "Fixtures/login.har",
///   redacting: HARRedaction(queryItems: ["device"], jsonFields: ["pin"], keeping: ["token"]))
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
  /// field really called `token` that holds a product code): kept as they
  /// are in query items, JSON and form fields, and in header names that
  /// only look like credentials. The headers always hidden, credential
  /// headers and the names you add are hidden even so.
  public var keeping: Set<String>

  /// The header names whose values a recording always replaces.
  public static let alwaysRedactedHeaders: Set<String> = [
    "authorization", "proxy-authorization", "cookie", "set-cookie",
  ]

  /// The query item, JSON field and form field names whose values a
  /// recording replaces unless you keep them.
  public static let defaultFieldNames: Set<String> = [
    "access_token", "api_key", "apikey", "client_assertion", "client_secret", "code_verifier",
    "id_token", "passwd", "password", "private_key", "pwd", "refresh_token", "secret",
    "session_token", "token",
  ]

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

  /// The names hidden by default in query items: ``defaultFieldNames``,
  /// OAuth's `code` and the names that errors hide.
  static let defaultQueryItems = defaultFieldNames.union(["code"]).union(Redaction.sensitiveNames)
  /// The names hidden by default in forms: ``defaultFieldNames`` and `code`.
  static let defaultFormFields = defaultFieldNames.union(["code"])

  /// A name as names are compared: lower-case, without `_` and `-`.
  static func comparable(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
  }

  /// Whether a header's name looks like a credential's.
  static func looksLikeCredential(header name: String) -> Bool {
    let name = name.lowercased()
    return name == "api-key" || name == "apikey" || name.hasPrefix("auth")
      || name.contains("-auth")
      || ["-api-key", "-apikey", "-token", "-secret", "-password"].contains {
        name.hasSuffix($0)
      }
  }
}
