/// A closure that, when called, reports that `field` was not overridden and
/// throws ``UnimplementedError``; it never traps.
///
/// Use it for the test value of your own dependencies, so that a test that
/// forgets to override one fails and says which line to add.
///
/// ```swift
/// static let analytics = WorldDependency(
///   live: Analytics(track: { event in try await send(event) }),
///   test: Analytics(track: unimplemented("Current.analytics.track")))
/// ```
///
/// - Parameters:
///   - field: The field's name as tests write it, such as
///     `Current.analytics.track`.
///   - fileID: Where the closure is declared; the issue points there.
///   - filePath: The full path of that file.
///   - line: The line of the declaration.
///   - column: The column of the declaration.
/// - Returns: A closure with any arguments and result.
public func unimplemented<each Argument, Result>(
  _ field: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  { (_: repeat each Argument) in
    throw reportUnimplemented(.notOverridden(field), fileID, filePath, line, column)
  }
}

/// A synchronous closure that, when called, reports that `field` was not
/// overridden and throws ``UnimplementedError``; it never traps.
///
/// ```swift
/// struct Storage: Sendable { var load: @Sendable (String) throws -> Data }
/// let testValue = Storage(load: unimplemented("Current.storage.load"))
/// ```
///
/// - Parameters:
///   - field: The field's name as tests write it.
///   - fileID: Where the closure is declared; the issue points there.
///   - filePath: The full path of that file.
///   - line: The line of the declaration.
///   - column: The column of the declaration.
/// - Returns: A closure with any arguments and result.
public func unimplemented<each Argument, Result>(
  _ field: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  { (_: repeat each Argument) in
    throw reportUnimplemented(.notOverridden(field), fileID, filePath, line, column)
  }
}

/// A closure that cannot throw which, when called, reports that `field` was
/// not overridden and returns `placeholder`; it never traps.
///
/// ```swift
/// struct Analytics: Sendable { var log: @Sendable (String) -> Void }
/// let testValue = Analytics(log: unimplemented("Current.analytics.log", placeholder: ()))
/// ```
///
/// - Parameters:
///   - field: The field's name as tests write it.
///   - placeholder: What the closure returns after reporting.
///   - fileID: Where the closure is declared; the issue points there.
///   - filePath: The full path of that file.
///   - line: The line of the declaration.
///   - column: The column of the declaration.
/// - Returns: A closure with any arguments.
public func unimplemented<each Argument, Result: Sendable>(
  _ field: String,
  placeholder: Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  { (_: repeat each Argument) in
    _ = reportUnimplemented(.notOverridden(field), fileID, filePath, line, column)
    return placeholder
  }
}

/// Reports `error`'s message at the given place and returns the error.
func reportUnimplemented(
  _ error: UnimplementedError,
  _ fileID: StaticString,
  _ filePath: StaticString,
  _ line: UInt,
  _ column: UInt
) -> UnimplementedError {
  IssueReporter.report(
    error.description, declaredAt: fileID, filePath, line, column, unimplemented: error)
  return error
}
