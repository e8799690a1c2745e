#if !DEBUG
  // In a release build `Current` is a `let` and there are no test worlds, so
  // this module's names exist only to say so: a test target built in release
  // is told, at each use, that tests need a debug build, rather than "cannot
  // find 'TestClock' in scope". The message is repeated because `@available`
  // takes only a literal. `.ci/check-release-stubs.py` fails CI when a public
  // name of the debug build, or its argument labels, has no stub here.
  import CurrentWorld
  import Foundation
  import Testing
  import XCTest

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public final class TestClock {
    /// Unavailable in a release build.
    public init(now: TestInstant = TestInstant()) {}
  }

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public final class ImmediateClock {
    /// Unavailable in a release build.
    public init() {}
  }

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public final class UnimplementedClock {
    /// Unavailable in a release build.
    public init(
      _ field: String = "Current.clock",
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) {}
  }

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public struct TestInstant {
    /// Unavailable in a release build.
    public init(offset: Duration = .zero) {}
  }

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public final class StateRecorder<Model, Value> {
    /// Unavailable in a release build.
    public init(_ model: Model, _ keyPath: KeyPath<Model, Value>) {}
  }

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  open class WorldTestCase: XCTestCase {}

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public struct WorldTrait: TestTrait, SuiteTrait {}

  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  extension Trait where Self == WorldTrait {
    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    public static var world: WorldTrait { fatalError() }

    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    public static func world(_ update: @escaping @Sendable (inout World) -> Void) -> WorldTrait {
      fatalError()
    }

    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    public static func world(
      escapes: EscapePolicy, _ update: @escaping @Sendable (inout World) -> Void = { _ in }
    ) -> WorldTrait {
      fatalError()
    }
  }

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public enum EscapePolicy {
    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    case warn
    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    case fail
  }

  extension World {
    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    @available(
      *, unavailable,
      message:
        "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
    )
    public static var test: World { fatalError() }

    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    @available(
      *, unavailable,
      message:
        "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
    )
    public static var testDate: Date { fatalError() }
  }

  extension UUID {
    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    @available(
      *, unavailable,
      message:
        "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
    )
    public static func incrementing() -> @Sendable () -> UUID { fatalError() }

    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    @available(
      *, unavailable,
      message:
        "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
    )
    public init(_ number: UInt64) { fatalError() }
  }

  /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
  @available(
    *, unavailable,
    message:
      "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
  )
  public func expectDeallocation<Object: AnyObject>(
    timeout: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ scope: () async throws -> Object
  ) async rethrows -> Bool { fatalError() }

  extension XCTestCase {
    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    @available(
      *, unavailable,
      message:
        "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
    )
    public func assertDeallocatedAfterTest(
      _ object: AnyObject,
      filePath: StaticString = #filePath,
      line: UInt = #line
    ) { fatalError() }
  }

  extension Issue {
    /// Unavailable: in a release build `Current` is a `let`, so tests need a debug build.
    @available(
      *, unavailable,
      message:
        "CurrentWorldTesting needs a debug build: in release Current is a let. Run tests in debug (swift test)."
    )
    public var unimplementedCall: UnimplementedError? { fatalError() }
  }
#endif
