import Foundation

/// Where two request bodies first differ, as a miss's message names it:
/// the JSON path or the form field, never a value, which may be a secret.
enum BodyDifference {
  /// `at JSON path user.name`, `in form field code`, or `nil` when the
  /// bodies are neither both JSON nor both forms.
  static func first(_ body: Data, _ recorded: Data) -> String? {
    if let a = try? JSONSerialization.jsonObject(with: body, options: .fragmentsAllowed),
      let b = try? JSONSerialization.jsonObject(with: recorded, options: .fragmentsAllowed)
    {
      return path(a, b, at: "").map { $0.isEmpty ? "as a whole JSON value" : "at JSON path \($0)" }
    }
    if let a = form(body), let b = form(recorded) {
      let names = Set(a.keys).union(b.keys).sorted()
      return names.first { a[$0] != b[$0] }.map { "in form field \($0)" }
    }
    return nil
  }

  /// The path of the first difference between two JSON values, `""` for
  /// the values themselves, or `nil` when they are equal.
  private static func path(_ a: Any, _ b: Any, at path: String) -> String? {
    switch (a, b) {
    case (let a as [String: Any], let b as [String: Any]):
      for key in Set(a.keys).union(b.keys).sorted() {
        let inner = path.isEmpty ? key : "\(path).\(key)"
        guard let left = a[key], let right = b[key] else { return inner }
        if let found = Self.path(left, right, at: inner) { return found }
      }
      return nil
    case (let a as [Any], let b as [Any]):
      for index in 0..<max(a.count, b.count) {
        let inner = "\(path)[\(index)]"
        guard index < a.count, index < b.count else { return inner }
        if let found = Self.path(a[index], b[index], at: inner) { return found }
      }
      return nil
    default:
      return bytes(a) == bytes(b) ? nil : path
    }
  }

  /// A JSON scalar as the bytes that write it.
  private static func bytes(_ value: Any) -> Data? {
    try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
  }

  /// A form body's fields (`a=1&b=2`), or `nil` for a body that is not one.
  private static func form(_ body: Data) -> [String: [String]]? {
    guard !body.isEmpty, let text = String(data: body, encoding: .utf8),
      text.contains("="), !text.contains(where: { $0.isWhitespace || $0 == "{" })
    else { return nil }
    var components = URLComponents()
    components.percentEncodedQuery = text.replacingOccurrences(of: "+", with: "%20")
    guard let items = components.queryItems else { return nil }
    return Dictionary(grouping: items, by: \.name).mapValues { $0.map { $0.value ?? "" } }
  }
}
