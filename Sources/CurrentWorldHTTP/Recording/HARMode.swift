/// Whether a client made by ``HTTPClient/replaying(_:mode:redacting:strict:fileID:filePath:line:column:)``
/// answers from its file or sends requests and records the answers.
///
/// A test process records only when the test passes a recording mode or
/// the environment variable `CURRENTWORLD_RECORD` asks (`missing` or
/// `all`); by default nothing reaches the network. A run that records
/// prints the file's path to standard error.
public enum HARMode: Sendable, Equatable {
  /// Answers from the file alone; a request it has no answer for fails the
  /// test and is never sent. The default.
  case replay
  /// Records every exchange when the file does not exist yet, and
  /// replays it once it does.
  case recordIfMissing
  /// Sends every request and records the exchanges again, replacing the
  /// file's entries.
  case recordAll

  /// The environment variable that makes every replaying client record:
  /// `missing` acts as ``recordIfMissing``, `all` as ``recordAll``.
  public static let environmentVariable = "CURRENTWORLD_RECORD"

  /// The mode in effect: the environment's, when it asks for more
  /// recording than `self`.
  func effective(environment: [String: String]) -> HARMode {
    switch environment[Self.environmentVariable]?.lowercased() {
    case "all": .recordAll
    case "missing": self == .recordAll ? .recordAll : .recordIfMissing
    default: self
    }
  }
}
