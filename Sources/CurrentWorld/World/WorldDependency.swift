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
/// Each value is made at the first read that needs it: the value for the
/// process's own context (the test value in a test process, else the live
/// one) when the `static let` is first read, and another context's at its
/// first read there. So a test process makes no live value unless a test
/// opts in with `world.context = .live`. Two threads that read another
/// context's value for the first time at once may each make one; both get
/// the one stored first. A dependency's identity is the instance, so keep it
/// in a `static let`: two instances are two dependencies.
public final class WorldDependency<Value: Sendable>: Sendable {
  /// The context whose value ``made`` is: the one a world takes by default
  /// in this process, made with the dependency.
  let madeFor: World.Context
  /// The value for ``madeFor``, read without a lock.
  let made: Value
  /// Makes the value for each context, or `nil` for one that takes the
  /// live value (a preview without a preview value of its own).
  let makers: [World.Context: @Sendable () -> Value]
  /// The values made for other contexts than ``madeFor``, at their first
  /// read.
  let others = Locked<[World.Context: Value]>([:])

  /// A dependency whose previews use its live value.
  ///
  /// - Parameters:
  ///   - live: The value production uses; made at the first read in a
  ///     ``World/Context-swift.enum/live`` world, never in a test process
  ///     unless a test opts in.
  ///   - test: The value a test starts from. Build its closures with
  ///     ``unimplemented(_:fileID:filePath:line:column:)-5j9rd``, so that a
  ///     test that calls one without overriding it fails and names the fix.
  public convenience init(
    live: @autoclosure @escaping @Sendable () -> Value,
    test: @autoclosure @escaping @Sendable () -> Value
  ) {
    self.init(makers: [.live: live, .test: test])
  }

  /// A dependency with a preview value of its own, for a dependency that a
  /// preview must not reach, such as a database or analytics.
  ///
  /// - Parameters:
  ///   - live: The value production uses.
  ///   - test: The value a test starts from.
  ///   - preview: The value an Xcode preview uses.
  public convenience init(
    live: @autoclosure @escaping @Sendable () -> Value,
    test: @autoclosure @escaping @Sendable () -> Value,
    preview: @autoclosure @escaping @Sendable () -> Value
  ) {
    self.init(makers: [.live: live, .test: test, .preview: preview])
  }

  private init(makers: [World.Context: @Sendable () -> Value]) {
    self.makers = makers
    madeFor = WorldStorage.Fields.defaultContext
    made = makers[madeFor]!()
  }

  /// The value a world of `context` reads when nothing overrides it.
  @inline(__always)
  func value(for context: World.Context) -> Value {
    context == madeFor ? made : other(for: context)
  }

  /// The value for a context other than the process's: made outside the
  /// lock, since making it runs your code, and kept by the first thread
  /// that stores it, so every reader gets the same one.
  private func other(for context: World.Context) -> Value {
    let context = makers[context] == nil ? .live : context
    if context == madeFor { return made }
    if let value = others.withLock({ $0[context] }) { return value }
    let value = makers[context]!()
    return others.withLock { values in
      if let first = values[context] { return first }
      values[context] = value
      return value
    }
  }
}
