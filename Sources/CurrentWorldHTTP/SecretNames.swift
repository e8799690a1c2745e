/// Which names hold secrets: one rule, by family, for recordings, errors
/// and logs. A name is compared by its parts (split at `_`, `-`, `.`,
/// brackets, spaces and case changes: `user[new_password]`,
/// `SecretAccessKey`, `oauth_token_secret`), never by its spelling.
enum SecretNames {
  /// Words that make a name secret wherever they stand in it, also at the
  /// end of a longer part (`accesstoken`, `Authtoken`).
  static let words: Set<String> = [
    "apikey", "assertion", "credential", "credentials", "passcode", "passphrase", "passwd",
    "password", "secret", "signature", "token", "verifier",
  ]
  /// Short words that make a name secret as whole parts only.
  static let parts: Set<String> = ["jwt", "otp", "pin", "pwd", "sig", "totp", "hotp"]
  /// Parts that make `key`, `code` or `id` after them secret (`api_key`,
  /// `device_code`, `session_id`).
  static let qualifiers: [String: Set<String>] = [
    "key": [
      "access", "api", "auth", "client", "encryption", "license", "master", "private", "secret",
      "session", "signing", "subscription",
    ],
    "code": [
      "auth", "authorization", "backup", "device", "mfa", "otp", "recovery", "verification",
    ],
    "id": ["session"],
  ]
  /// Names that are secret alone, in every place.
  static let alone: Set<String> = [
    "auth", "authorization", "cookie", "key", "session", "sessionid",
  ]
  /// Names that are secret alone in a query or a form, where OAuth sends
  /// its codes; a JSON `code` is usually an error's.
  static let aloneInQueriesAndForms: Set<String> = ["code"]
  /// Last parts that say a name describes a secret rather than holds one
  /// (`token_type`, `password_hint`, `client_assertion_type`).
  static let descriptors: Set<String> = [
    "count", "enabled", "endpoint", "expires", "expiry", "expiration", "format", "hint", "id",
    "kind", "length", "method", "name", "policy", "required", "scheme", "type", "uri", "url",
  ]

  /// Whether a query item, JSON field, form field, multipart part, XML
  /// element or HTML input called `name` holds a secret.
  static func isSecret(_ name: String, inQueryOrForm: Bool = false) -> Bool {
    let split = Self.split(name)
    guard let last = split.last else { return false }
    let joined = split.joined()
    if alone.contains(joined) || (inQueryOrForm && aloneInQueriesAndForms.contains(joined)) {
      return true
    }
    let describes = descriptors.contains(last) || descriptors.contains(singular(last))
    for (index, part) in split.enumerated() {
      let qualified =
        qualifiers[singular(part)].map { index > 0 && $0.contains(split[index - 1]) } ?? false
      if qualified || isQualifiedCompound(singular(part)) {
        return index == split.count - 1 || !describes
      }
    }
    if describes { return false }
    return split.contains { part in
      let one = singular(part)
      return parts.contains(part) || words.contains { one == $0 || one.hasSuffix($0) }
    }
  }

  /// `part` without a plural's trailing `s` (`tokens`, `api_keys`,
  /// `recovery_codes`, `ids`), or as it is when it is shorter or ends in
  /// `ss` (`access`).
  static func singular(_ part: String) -> String {
    guard part.count >= 3, part.hasSuffix("s"), !part.hasSuffix("ss") else { return part }
    return String(part.dropLast())
  }

  /// Whether `part` is a qualifier and what it qualifies written as one
  /// word (`accesskey`, `privatekey`, `authcode`); `appid` is not one.
  static func isQualifiedCompound(_ part: String) -> Bool {
    qualifiers.contains { target, before in
      part.count > target.count && part.hasSuffix(target)
        && before.contains(String(part.dropLast(target.count)))
    }
  }

  /// The parts of `name`, lower-cased: `SecretAccessKey` is `secret`,
  /// `access`, `key`; `APIKey` is `api`, `key`; `user[password]` is
  /// `user`, `password`.
  static func split(_ name: String) -> [String] {
    var result: [String] = []
    var current = ""
    let scalars = Array(name.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let isUpper = scalar.properties.isUppercase
      let isAlphanumeric = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
      if !isAlphanumeric {
        if !current.isEmpty { result.append(current) }
        current = ""
        continue
      }
      if isUpper, let previous = current.unicodeScalars.last {
        let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
        if previous.properties.isLowercase || ("0"..."9").contains(previous)
          || (previous.properties.isUppercase && nextIsLower)
        {
          result.append(current)
          current = ""
        }
      }
      current.unicodeScalars.append(scalar)
    }
    if !current.isEmpty { result.append(current) }
    return result.map { $0.lowercased() }
  }
}
