internal import CurrentWorldSupport
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The test world's `Current.urlSession`: one session per test that reads
// it, so that a request's failure lands on that test, though `URLSession`
// answers on a thread of its own.

extension SessionRoute {
  /// `Current.urlSession` in a test world, as the dependency holds it;
  /// each test that reads it gets a session of its own instead (see
  /// ``unarrangedSessionForTestInEffect()``).
  static let unarrangedSession = unarranged(in: nil).session()

  #if DEBUG
    /// Each running test's unarranged session, until the test ends.
    private static let unarrangedByTest = Locked<[ObjectIdentifier: URLSession]>([:])

    /// The unarranged session of the test whose world is in effect, made
    /// at its first read there; outside test worlds, the process's own.
    static func unarrangedSessionForTestInEffect() -> URLSession {
      guard let test = SessionWorld.testInEffect else { return unarrangedSession }
      if let session = unarrangedByTest.withLock({ $0[test] }) { return session }
      let made = unarranged(in: SessionWorld(), readAt: SessionWorld.readerPlace()).session()
      let (session, isNew) = unarrangedByTest.withLock { sessions in
        if let first = sessions[test] { return (first, false) }
        sessions[test] = made
        return (made, true)
      }
      guard isNew else {
        made.finishTasksAndInvalidate()
        return session
      }
      _ = SessionWorld.atTestEnd {
        unarrangedByTest.withLock { $0.removeValue(forKey: test) }?.finishTasksAndInvalidate()
      }
      return session
    }
  #endif
}
