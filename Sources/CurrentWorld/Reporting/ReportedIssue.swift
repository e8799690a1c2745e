/// A problem that CurrentWorld found while code ran, such as a call to an
/// unimplemented dependency, and the place in the source it belongs to.
public struct ReportedIssue: Sendable, Equatable {
  /// What went wrong and how to fix it.
  public var message: String
  /// The file, as `Module/File.swift`; empty when no place is known, as
  /// for work that escaped a test world.
  public var fileID: String
  /// The file's full path; empty when no place is known.
  public var filePath: String
  /// The line, from 1; 0 when no place is known.
  public var line: Int
  /// The column, from 1; 0 when no place is known.
  public var column: Int

  /// Whether the issue fails a test or only asks for a look.
  public var severity: Severity

  /// How serious an issue is.
  public enum Severity: Sendable, Hashable {
    /// Worth a look, but not a failure: a test runner shows it without
    /// failing the test.
    case warning
    /// A failure: a test runner fails the test it belongs to.
    case failure
  }

  /// An issue from its message and place; a ``Severity/failure`` unless
  /// `severity` says otherwise.
  public init(
    message: String, fileID: String, filePath: String, line: Int, column: Int,
    severity: Severity = .failure
  ) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.severity = severity
  }

  /// A failure placed where the compiler's `#fileID`, `#filePath`, `#line`
  /// and `#column` say, keeping the compiled place for XCTest.
  package init(
    _ message: String, _ fileID: StaticString, _ filePath: StaticString, _ line: UInt,
    _ column: UInt
  ) {
    self.init(
      message: message, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line),
      column: Int(column))
    compiledPlace = CompiledPlace(filePath: filePath, line: line)
  }

  /// The place as the compiler wrote it, when the issue was reported from
  /// source (``IssueReporter/report(_:fileID:filePath:line:column:)``):
  /// `XCTFail` takes its file as a `StaticString`.
  package var compiledPlace: CompiledPlace?

  /// Whether the place is where the failing closure or clock was declared
  /// (an `unimplemented` key value, the test world's clock), not where the
  /// test can act: a test runner then shows the issue at the running test
  /// and names the declaration in the message.
  package var placeIsDeclaration = false

  /// Where the code that reports runs, when it knows better than a test's
  /// relay can tell (a `URLSession` answering on its loading thread):
  /// shown in place of the relay's "outside the test's task" line. Taken
  /// from ``relayNote`` where the issue is made.
  package var whereReported = ReportedIssue.relayNote

  /// What ``whereReported`` is for issues made in this task or thread.
  @TaskLocal package static var relayNote: String?

  /// The call to an unimplemented dependency that this issue reports, if
  /// it does: a test runner records it with the issue, so that a test
  /// matches the value, not the message's text.
  package var unimplemented: UnimplementedError?

  /// Whether the issue has a place in the source.
  package var isPlaced: Bool { !fileID.isEmpty }

  /// Whether ``severity`` is ``Severity/warning``.
  package var isWarning: Bool { severity == .warning }
}

/// A place in the source as `#filePath` and `#line` give it.
package struct CompiledPlace: Sendable, Equatable {
  package let filePath: StaticString
  package let line: UInt

  package init(filePath: StaticString, line: UInt) {
    self.filePath = filePath
    self.line = line
  }

  package static func == (lhs: CompiledPlace, rhs: CompiledPlace) -> Bool {
    "\(lhs.filePath)" == "\(rhs.filePath)" && lhs.line == rhs.line
  }
}
