// The file of this module that adds a field to the world: the one public
// import of CurrentWorld, since `Current.urlSession` extends `World`.
// CurrentWorld never imports this module, so importing CurrentWorld alone
// shows no HTTP names.
public import CurrentWorld
internal import CurrentWorldSupport

#if canImport(FoundationNetworking)
  import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// The fields that CurrentWorldHTTP adds to `World`, read through
/// `Current` (`Current.urlSession`).
enum NetworkFields {
  /// `Current.urlSession`: `URLSession.shared` in a live world and in an
  /// Xcode preview; in a test, a session that sends nothing and fails the
  /// test that sends through it, naming the fix.
  static let urlSession = WorldDependency<URLSession>(
    live: .shared, test: SessionRoute.unarrangedSession)
}

extension World {
  /// The `URLSession` that app code sends through: read it at each
  /// request (`Current.urlSession.data(for: request)`), and a test replays
  /// its own recording with one line, in parallel with every other test:
  ///
  /// ```swift
  /// Current.urlSession = .replaying("Recordings/weather.har")
  /// ```
  ///
  /// Live, and in an Xcode preview, it is `URLSession.shared`. In a test
  /// world it sends nothing: a request through it fails the test and
  /// names this fix. Each test that reads it gets a session of its own, so
  /// the failure lands on that test even though `URLSession` answers on a
  /// thread of its own.
  public var urlSession: URLSession {
    get {
      let session = self[NetworkFields.urlSession]
      #if DEBUG
        // Only a test world holds the unarranged session; asking first
        // keeps a live process from making it.
        if context == .test, session === SessionRoute.unarrangedSession {
          return SessionRoute.unarrangedSessionForTestInEffect()
        }
      #endif
      return session
    }
    set { self[NetworkFields.urlSession] = newValue }
  }
}

/// The world a session's requests are answered in: the one in effect where
/// the session was made (a test's, so that its issues fail that test),
/// since `URLSession` answers on threads of its own.
struct SessionWorld: Sendable {
  fileprivate let shared = SharedWorld()

  /// `Current.urlSession`, read where this is called: for the clients
  /// that read it at each send (``WorldRoute``).
  static var sessionInEffect: URLSession { Current.urlSession }

  /// Runs `body` in the world, on the calling thread.
  func runNow<R>(_ body: () throws -> R) rethrows -> R {
    try shared.run(body)
  }

  func run<R>(_ body: () async throws -> R) async rethrows -> R {
    try await shared.run(body)
  }

  /// Runs `body`, in which a session answers, so that its issues say so
  /// rather than claim the request came from outside the test's task:
  /// whether it did cannot be told, since URLSession calls its protocol on
  /// a thread of its own.
  static func onLoadingThread<R>(_ body: () -> R) -> R {
    ReportedIssue.$relayNote.withValue(
      "(Answered on URLSession's loading thread, in the world of the test that made this "
        + "session.)", operation: body)
  }

  /// Runs `end` as the test whose world is in effect ends; false outside
  /// test worlds, and in release builds, which have none.
  static func atTestEnd(_ end: @escaping @Sendable () -> Void) -> Bool {
    HARTransport.checkAtTestEnd(end)
  }

  /// The identity of the test whose world is in effect; `nil` outside test
  /// worlds, and in release builds.
  static var testInEffect: ObjectIdentifier? {
    #if DEBUG
      TestEndChecks.inEffect.map(ObjectIdentifier.init)
    #else
      nil
    #endif
  }

  /// The test whose world is in effect, and its name; `nil` outside test
  /// worlds, and in release builds.
  static var namedTestInEffect: (id: ObjectIdentifier, name: String)? {
    #if DEBUG
      TestEndChecks.inEffect.map { (ObjectIdentifier($0), $0.testName) }
    #else
      nil
    #endif
  }

  /// Starts watching a wait of `world`'s test, else of the test named
  /// `test` (see the core's `LongWaits`), so that one that lasts names its
  /// test; returns what ends the watch. Nothing is watched outside tests,
  /// and in release builds.
  static func beginLongWait(
    _ what: String, fix: String, in world: SessionWorld?, test: String?
  ) -> @Sendable () -> Void {
    #if DEBUG
      let begin = { LongWaits.begin(what, fix: fix, test: test) }
      let wait = world.map { $0.runNow(begin) } ?? begin()
      return { LongWaits.end(wait) }
    #else
      return {}
    #endif
  }

  /// The name of the Swift Testing test that runs the caller; `nil`
  /// outside one, and in release builds.
  static var runningTestName: String? {
    #if DEBUG
      TestWorlds.runningTestName()
    #else
      nil
    #endif
  }

  /// Where the user's code that reads `Current.urlSession` is, when the
  /// build can tell: where its unarranged session's failures are placed.
  static func readerPlace() -> ReaderPlace? {
    #if DEBUG
      TestWorlds.callerPlace().map {
        ReaderPlace(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
      }
    #else
      nil
    #endif
  }

  /// A place in the user's code, found at run time.
  struct ReaderPlace: Sendable {
    var fileID: String
    var filePath: String
    var line: Int
    var column: Int
  }

  /// Reports `message` against the test of `world` (else of the world in
  /// effect), named as a call to `Current.urlSession`, placed where the
  /// session was read (else at the field's declaration, which a test
  /// runner shows at the running test where it can).
  static func reportUnarranged(_ message: String, in world: SessionWorld?, at place: ReaderPlace?) {
    let unimplemented = UnimplementedError(field: "Current.urlSession", description: message)
    let report = {
      guard let place else {
        return IssueReporter.report(
          message, declaredAt: #fileID, #filePath, #line, #column, unimplemented: unimplemented)
      }
      var issue = ReportedIssue(
        message: message, fileID: place.fileID, filePath: place.filePath, line: place.line,
        column: place.column)
      issue.unimplemented = unimplemented
      IssueReporter.deliver(issue)
    }
    if let world { world.runNow(report) } else { report() }
  }
}
