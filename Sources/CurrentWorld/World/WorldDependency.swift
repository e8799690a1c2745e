internal import CurrentWorldSupport

/// A dependency that your app adds to ``World``, declared in one line: its
/// live value, its test value, and, if it differs from the live one, its
/// preview value.
///
/// Declare each dependency as a `static let` in a namespace that your module
/// owns, and give `World` one dynamic-member subscript rooted at that
/// namespace, once per module. Then `Current.catFactAPI` reads it and
/// `Current.catFactAPI.fetchFact = { … }` overrides it, exactly as a
/// built-in field:
///
/// ```swift
/// enum AppDependencies {
///   static let catFactAPI = WorldDependency(live: CatFactAPI.live, test: CatFactAPI.unimplemented)
///   static let analytics = WorldDependency(live: Analytics.live, test: Analytics.unimplemented)
/// }
///
/// extension World {
///   subscript<V>(dynamicMember key: KeyPath<AppDependencies.Type, WorldDependency<V>>) -> V {
///     get { self[key] }
///     set { self[key] = newValue }
///   }
/// }
/// ```
///
/// In a target with default MainActor isolation (a new Xcode app target),
/// write `nonisolated` before the namespace, each client type and the
/// extension (`nonisolated enum AppDependencies`, `nonisolated struct
/// CatFactAPI`, `nonisolated extension World`), so that tests and code off
/// the main actor can read and override them.
///
/// Declare every dependency inside the namespace's braces, and the namespace
/// in your own module: Swift 6.2 and 6.3 crash at run time when another
/// module (your tests) forms a key path to a `static let` declared in an
/// extension (swiftlang/swift#89609).
///
/// Each value is made at the first read that needs it, once: the value for
/// the process's own context (the test value in a test process, the preview
/// value in an Xcode preview, else the live one) when the `static let` is
/// first read, and another context's at its first read in a world of that
/// context. So a test process makes no live value unless a test opts in
/// with `world.context = .live`, and a preview process makes no live value
/// for a dependency that has a preview value. A write makes nothing that
/// it replaces when it is the first use, inside
/// ``World/bootstrap(fileID:filePath:line:column:_:)``. Two threads that
/// read another context's value for the first time at once may each make
/// one; both get the one stored first. A dependency's identity is the
/// instance, so keep it in a `static let`: a `static var` that makes a new
/// instance at each read is reported at its first read in a debug build.
public final class WorldDependency<Value: Sendable>: Sendable {
  /// The process's context, or the live one in a preview process when this
  /// dependency has no preview value: whose value ``made`` holds.
  let madeFor: World.Context
  /// The value for ``madeFor``, read without a lock: made with the
  /// dependency, unless that happened inside `World.bootstrap`'s
  /// configuration, which may be replacing it (then `nil`, and made at its
  /// first read). In a box of its own: an optional of a class is a
  /// pointer, tested for `nil` without the metadata of `Value?`, which an
  /// optional `Value` asked the runtime for at every read (1.7x the read).
  let made: MadeValue<Value>?
  /// Makes the value for each context, or `nil` for one that takes the
  /// live value (a preview without a preview value of its own).
  let makers: [World.Context: @Sendable () -> Value]
  /// The values made at their first read: other contexts than
  /// ``madeFor``'s, and ``madeFor``'s when ``made`` is `nil`.
  let madeLater = Locked<[World.Context: Value]>([:])
  /// Where the dependency is declared: where a failure about the
  /// declaration points.
  let declaration: Declaration

  /// A dependency whose previews use its live value.
  ///
  /// - Parameters:
  ///   - live: The value production uses; made at the first read in a
  ///     ``World/Context-swift.enum/live`` world, never in a test process
  ///     unless a test opts in.
  ///   - test: The value a test starts from. Build its closures with
  ///     ``unimplemented(_:fileID:filePath:line:column:)-5j9rd``, so that a
  ///     test that calls one without overriding it fails and names the fix.
  ///   - fileID: Where the dependency is declared; the caller's file.
  ///   - filePath: Where the dependency is declared.
  ///   - line: Where the dependency is declared.
  ///   - column: Where the dependency is declared.
  public convenience init(
    live: @autoclosure @escaping @Sendable () -> Value,
    test: @autoclosure @escaping @Sendable () -> Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      makers: [.live: live, .test: test],
      declaration: Declaration(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A dependency with a preview value of its own, for a dependency that a
  /// preview must not reach, such as a database or analytics: a preview
  /// process never makes its live value.
  ///
  /// - Parameters:
  ///   - live: The value production uses.
  ///   - test: The value a test starts from.
  ///   - preview: The value an Xcode preview uses.
  ///   - fileID: Where the dependency is declared; the caller's file.
  ///   - filePath: Where the dependency is declared.
  ///   - line: Where the dependency is declared.
  ///   - column: Where the dependency is declared.
  public convenience init(
    live: @autoclosure @escaping @Sendable () -> Value,
    test: @autoclosure @escaping @Sendable () -> Value,
    preview: @autoclosure @escaping @Sendable () -> Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      makers: [.live: live, .test: test, .preview: preview],
      declaration: Declaration(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private init(makers: [World.Context: @Sendable () -> Value], declaration: Declaration) {
    self.makers = makers
    self.declaration = declaration
    let process = World.Context.process
    madeFor = makers[process] == nil ? .live : process
    made = LaunchWorld.isConfiguring ? nil : MadeValue(makers[madeFor]!())
  }

  /// The value a world of `context` reads when nothing overrides it.
  @inline(__always)
  func value(for context: World.Context) -> Value {
    if context == madeFor, let made { return made.value }
    return madeAtFirstRead(for: context)
  }

  /// A value made at its first read: made outside the lock, since making
  /// it runs your code, and kept by the first thread that stores it, so
  /// every reader gets the same one.
  private func madeAtFirstRead(for context: World.Context) -> Value {
    let context = makers[context] == nil ? .live : context
    if context == madeFor, let made { return made.value }
    if let value = madeLater.withLock({ $0[context] }) { return value }
    let value = makers[context]!()
    return madeLater.withLock { values in
      if let first = values[context] { return first }
      values[context] = value
      return value
    }
  }
}

/// A value made with its ``WorldDependency``.
final class MadeValue<Value: Sendable>: Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// Where a ``WorldDependency`` is declared.
struct Declaration: Sendable {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

#if DEBUG
  /// The declarations already reported as not kept, so that each is
  /// reported once, not at every read.
  private let reportedUnkept = Locked<Set<String>>([])

  extension WorldDependency {
    /// Reports, once per declaration, a dependency that nothing keeps: a
    /// `static var` that makes a new instance at each read, so that an
    /// override written through one instance is never read through another.
    @usableFromInline
    func reportUnkept<Namespace>(in namespace: Namespace.Type) {
      let place = "\(declaration.fileID):\(declaration.line)"
      guard reportedUnkept.withLock({ $0.insert(place).inserted }) else { return }
      IssueReporter.report(
        """
        The WorldDependency<\(Value.self)> in \(Namespace.self) declared here is made anew at \
        each read, as a static var makes it, so an override is written to one instance and \
        read from another, and is lost. Declare it with static let.
        """,
        declaredAt: declaration.fileID, declaration.filePath, declaration.line,
        declaration.column)
    }
  }
#endif
