/// Whether a client made by ``HTTPClient/replaying(_:fileID:filePath:line:column:)``
/// answers from its file or sends requests and records the answers.
///
/// A test process records only when the test passes a recording mode or
/// the environment variable `CURRENTWORLD_RECORD` asks (`missing`, `new` or
/// `all`); by default nothing reaches the network. A run that records
/// prints the file's path to standard error.
public enum HARMode: Sendable, Equatable {
  /// Answers from the file alone; a request it has no answer for fails the
  /// test and is never sent. The default.
  case replay
  /// Answers from the file alone, for a test that expects a request the
  /// file has no answer for: the request throws
  /// ``APIError/noRecordedAnswer(url:request:file:)``, through
  /// ``HTTPClient`` and `URLSession` alike, and fails no test. Nothing is
  /// sent, and `CURRENTWORLD_RECORD` does not make it record.
  case replayThrowingMisses
  /// Records every exchange when the file does not exist yet, and
  /// replays it once it does.
  case recordIfMissing
  /// Answers from the file what it has an answer for, and sends and
  /// records only the requests it has none for (one made more times than
  /// recorded included), adding them to the file: the answers already
  /// there are kept. Records every exchange when there is no file yet.
  case recordNew
  /// Sends every request and records the exchanges again, replacing the
  /// file's entries with those this process records. Every client that
  /// records the file adds to one recording, and a request that another
  /// of them recorded is answered from it rather than sent again.
  case recordAll

  /// The environment variable that makes every replaying client record:
  /// `missing` acts as ``recordIfMissing``, `new` as ``recordNew`` and
  /// `all` as ``recordAll``.
  public static let environmentVariable = "CURRENTWORLD_RECORD"

  /// The mode in effect: the environment's, when it asks for more
  /// recording than `self`.
  func effective(environment: [String: String]) -> HARMode {
    // A test that expects misses would get answers instead.
    guard self != .replayThrowingMisses else { return self }
    let asked: HARMode? =
      switch environment[Self.environmentVariable]?.lowercased() {
      case "all": .recordAll
      case "new": .recordNew
      case "missing": .recordIfMissing
      default: nil
      }
    guard let asked, asked.recording > recording else { return self }
    return asked
  }

  /// How much this mode records: each mode records all that the ones
  /// below it do.
  private var recording: Int {
    switch self {
    case .replay, .replayThrowingMisses: 0
    case .recordIfMissing: 1
    case .recordNew: 2
    case .recordAll: 3
    }
  }
}
