/// Why a replay has no recorded answer for a request: the closest entry
/// and what differs from it, or that every answer to it was already given.
struct MissingAnswer: Error {
  var key: RequestKey
  var closest: RequestKey?
  var differences: [String] = []
  var usedUp = 0

  init(key: RequestKey, among recorded: some Collection<RequestKey>) {
    self.key = key
    usedUp = recorded.count { $0 == key }
    let nearest = recorded.map { ($0, key.difference(from: $0)) }
      .min { $0.1.distance < $1.1.distance }
    closest = nearest?.0
    differences = nearest?.1.parts ?? []
  }

  /// The advice that works: `.recordNew` adds the missing answer and
  /// keeps the file's others (`.recordAll` would keep only this run's).
  private static let howToRecord =
    "Record it with mode: .recordNew (or \(HARMode.environmentVariable)=new), which adds the "
    + "answers the file lacks and keeps the others"

  func message(file: String) -> String {
    guard usedUp == 0 else {
      return
        "\(file) recorded \(usedUp) answer(s) to \(key.summary), and each was already given: "
        + "a recording answers each request once, in order. \(Self.howToRecord), or make the "
        + "request fewer times. The request was not sent."
    }
    let nearest =
      closest.map {
        "The closest recorded request is \($0.summary); its \(Self.list(differences)) "
          + "\(differences.count == 1 ? "differs" : "differ")\(bodyDifference(from: $0))."
      } ?? "The file records no requests."
    return
      "No recorded answer in \(file) matches \(key.summary). \(nearest) \(Self.howToRecord), or "
      + "fix the request. The request was not sent."
  }

  /// Where the body first differs from `closest`'s, when it does and that
  /// can be told: ` (the body at JSON path user.name)`.
  private func bodyDifference(from closest: RequestKey) -> String {
    guard differences.contains("body"),
      let place = BodyDifference.first(key.body, closest.body)
    else { return "" }
    return " (the body \(place))"
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func list(_ parts: [String]) -> String {
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
  }
}
