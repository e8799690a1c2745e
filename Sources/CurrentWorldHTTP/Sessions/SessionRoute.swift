internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// What answers a session's requests, and how a request finds it: each
// session gets a protocol class of its own, since a `URLProtocol` sees
// neither its session nor (on Linux) the configuration's headers.

/// What answers the requests of one replaying or unarranged session, in
/// the world where the session was made.
final class SessionRoute: Sendable {
  enum Answerer: Sendable {
    /// Answers from a HAR file, or records there through `live`.
    case replaying(HARTransport, live: SessionTransport)
    /// Sends nothing: the test world's `Current.urlSession`, read at
    /// `place` where that is known.
    case unarranged(at: SessionWorld.ReaderPlace?)
  }

  /// What answers, and the world it answers in, until the test world the
  /// session was made in ends: then `nil`, so that a later request fails
  /// rather than answer for a test that is over, and the file's answers
  /// and the test's world (its overrides, its relay) are let go.
  private let answering: Locked<(answerer: Answerer, world: SessionWorld?)?>
  /// Where the session was made, for the message of a request sent after
  /// its test ended.
  let madeAt: String
  /// The test that made the session, by name, if a test did: whose long
  /// waits the session's requests are.
  let madeInTest: String?

  /// How many routes this process made: what a live process must leave
  /// at zero until a replaying session is asked for.
  static let made = Locked(0)

  private init(_ answerer: Answerer, world: SessionWorld?, madeAt: String) {
    Self.made.withLock { $0 += 1 }
    answering = Locked((answerer, world))
    self.madeAt =
      SessionWorld.namedTestInEffect.map { "\(madeAt) in the test \($0.name)" } ?? madeAt
    madeInTest = SessionWorld.namedTestInEffect?.name ?? SessionWorld.runningTestName
    // The process's own unarranged session may be made in whichever test
    // first reads `Current.urlSession`; it outlives that test.
    guard world != nil else { return }
    _ = SessionWorld.atTestEnd { [answering] in Self.letGo(answering) }
  }

  /// Lets the answers and the world go: a later request fails.
  private static func letGo(
    _ answering: Locked<(answerer: Answerer, world: SessionWorld?)?>
  ) {
    // Released after the lock opens: a transport's deinit reports.
    let released = answering.withLock { answering in
      defer { answering = nil }
      return answering
    }
    withExtendedLifetime(released) {}
  }

  /// What answers now, and in which world (`nil` for the process's own
  /// unarranged session); `nil` once the session's test has ended.
  var answeringNow: (answerer: Answerer, world: SessionWorld?)? { answering.withLock { $0 } }

  /// A route that answers from `transport`, recording through a session
  /// made from `base` and following no redirect, so that each hop is an
  /// entry of its own.
  static func replaying(_ transport: HARTransport, base: URLSessionConfiguration) -> SessionRoute {
    SessionRoute(
      .replaying(transport, live: SessionTransport(configuration: base, followsRedirects: false)),
      world: SessionWorld(),
      madeAt: "by replaying at \(transport.place.fileID):\(transport.place.line)")
  }

  /// A route that sends nothing, reporting against the test in effect
  /// where it is made; `world: nil` makes the process's own.
  static func unarranged(in world: SessionWorld?, readAt place: SessionWorld.ReaderPlace? = nil)
    -> SessionRoute
  {
    SessionRoute(
      .unarranged(at: place), world: world, madeAt: "as a test world's Current.urlSession")
  }

  /// A configuration from a copy of `base` whose requests this route
  /// answers first, by a protocol class of its own.
  func configuration(base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
    // `copy()` of a URLSessionConfiguration is one.
    let configuration = base.copy() as! URLSessionConfiguration
    configuration.protocolClasses = [Self.register(self)] + (base.protocolClasses ?? [])
    return configuration
  }

  /// A session whose requests this route answers.
  func session(base: URLSessionConfiguration = .ephemeral) -> URLSession {
    Self.session(configuration(base: base))
  }

  /// A session made from `configuration` that lets its route go when it is
  /// invalidated, as a session made outside tests has no test end to.
  static func session(_ configuration: URLSessionConfiguration) -> URLSession {
    let routed = configuration.protocolClasses?.first as? any RoutedClass.Type
    return URLSession(
      configuration: configuration, delegate: routed.map { Invalidation($0.tag) },
      delegateQueue: nil)
  }

  /// A session's delegate that removes its route once it is invalidated:
  /// no request can reach the route after that.
  private final class Invalidation: NSObject, URLSessionDelegate, Sendable {
    let tag: ObjectIdentifier

    init(_ tag: ObjectIdentifier) {
      self.tag = tag
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
      let route = SessionRoute.routes.withLock { $0.byTag.removeValue(forKey: tag) }
      if let route { SessionRoute.letGo(route.answering) }
    }
  }

  // MARK: Finding a request's route

  /// Each route by the tag type of its protocol class. A route stays until
  /// its session is invalidated, so that a session used after its test
  /// ended still finds it and fails clearly; it holds no answers by then
  /// (see ``answer(_:bodyUnseen:deliver:)``).
  private static let routes = Locked<(count: Int, byTag: [ObjectIdentifier: SessionRoute])>(
    (0, [:]))

  /// How many routes are in the table: those whose sessions were not
  /// invalidated.
  static var tabled: Int { routes.withLock { $0.byTag.count } }

  /// The route whose protocol class is tagged `tag`.
  static func route(for tag: any RouteTag.Type) -> SessionRoute? {
    route(tagged: ObjectIdentifier(tag))
  }

  /// The route whose protocol class tells `tag` (``RoutedClass/tag``).
  static func route(tagged tag: ObjectIdentifier) -> SessionRoute? {
    routes.withLock { $0.byTag[tag] }
  }

  /// A protocol class that no other route has, now answered by `route`.
  private static func register(_ route: SessionRoute) -> AnyClass {
    routes.withLock { routes in
      routes.count += 1
      let tag = RouteTags.tag(routes.count)
      routes.byTag[ObjectIdentifier(tag)] = route
      return protocolClass(tag)
    }
  }

  private static func protocolClass<Tag: RouteTag>(_ tag: Tag.Type) -> AnyClass {
    RoutedProtocol<Tag>.self
  }
}

/// A type that tells one route's protocol class from every other's: one
/// generic class specialized by a distinct type per route, the number's
/// binary digits as nested types (`One<Zero<One<RouteTags>>>` is 5).
protocol RouteTag {}

enum RouteTags: RouteTag {
  enum Zero<Rest: RouteTag>: RouteTag {}
  enum One<Rest: RouteTag>: RouteTag {}

  /// The tag type of `number`: the same type for the same number, and a
  /// different one for every other.
  static func tag(_ number: Int) -> any RouteTag.Type {
    var tag: any RouteTag.Type = RouteTags.self
    var rest = number
    repeat {
      tag = digit(rest & 1 == 1, after: tag)
      rest >>= 1
    } while rest > 0
    return tag
  }

  private static func digit<Rest: RouteTag>(_ one: Bool, after rest: Rest.Type) -> any RouteTag.Type
  {
    one ? One<Rest>.self : Zero<Rest>.self
  }
}

/// How many `URLSession` routes (replaying or unarranged sessions) this
/// process has made, for the tests that promise a live process makes none.
package enum SessionRoutesMade {
  package static var count: Int { SessionRoute.made.withLock { $0 } }
  /// How many of them are kept: their sessions were not invalidated.
  package static var kept: Int { SessionRoute.tabled }
}
