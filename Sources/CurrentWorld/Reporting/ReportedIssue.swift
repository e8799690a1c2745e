/// A problem that CurrentWorld found while code ran, such as a call to an
/// unimplemented dependency, and the place in the source it belongs to.
public struct ReportedIssue: Sendable, Equatable {
  /// What went wrong and how to fix it.
  public var message: String
  /// The file, as `Module/File.swift`.
  public var fileID: String
  /// The file's full path.
  public var filePath: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1.
  public var column: Int

  /// An issue from its message and place.
  public init(message: String, fileID: String, filePath: String, line: Int, column: Int) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The place as the compiler wrote it, when the issue was reported from
  /// source (``IssueReporter/report(_:fileID:filePath:line:column:)``):
  /// `XCTFail` takes its file as a `StaticString`.
  package var compiledPlace: CompiledPlace?

  /// A warning: worth a look, but not a failure. The test runner shows it
  /// without failing the test.
  package var isWarning = false
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
