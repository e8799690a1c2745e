#if DEBUG
  import CurrentWorld
  import XCTest

  /// Fails the running test, under Swift Testing or XCTest, unless the object
  /// that `scope` returns is deallocated once the scope has ended.
  ///
  /// The seeds' `assertMemoryDeallocation`: build the object, use it, return
  /// it. Work the object started gets a moment to finish (up to `timeout`,
  /// or until the test is cancelled) before a survivor is reported, with
  /// its type's name.
  ///
  /// ```swift
  /// @Test(.world) @MainActor func viewModelDoesNotLeak() async {
  ///   Current.catFactAPI.fetchFact = { CatFact(fact: "Cats purr.", length: 10) }
  ///   await expectDeallocation {
  ///     let viewModel = CatFactViewModel()
  ///     await viewModel.fetch()
  ///     return viewModel
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for the object to go.
  ///   - clock: The clock the wait runs on: the wall clock by default, so
  ///     that work in flight really gets `timeout` to finish. Pass an
  ///     `ImmediateClock` when that work sleeps on one too, and a leak is
  ///     reported with no real waiting.
  ///   - fileID: Where a failure is reported: the caller's file.
  ///   - filePath: The full path of that file.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  ///   - isolation: The actor the caller runs on; leave it to the default.
  ///   - scope: Makes and uses the object, then returns it.
  /// - Returns: Whether the object was deallocated.
  @discardableResult
  public func expectDeallocation<Object: AnyObject>(
    timeout: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: isolated (any Actor)? = #isolation,
    _ scope: () async throws -> Object
  ) async rethrows -> Bool {
    weak var object: Object?
    object = try await scope()
    var waited = Duration.zero
    // A cancelled test stops waiting: its clock's sleeps then throw at once.
    while object != nil, waited < timeout, !Task.isCancelled {
      try? await clock.sleep(for: .milliseconds(5))
      waited += .milliseconds(5)
    }
    guard object == nil else {
      TestRunnerReporter.report(
        Deallocation.survived(Object.self, when: "the end of the scope"), fileID, filePath, line,
        column)
      return false
    }
    return true
  }

  extension XCTestCase {
    /// Fails this test unless `object` is deallocated by the time the test
    /// has torn down.
    ///
    /// ```swift
    /// func testViewModelDoesNotLeak() {
    ///   let viewModel = CatFactViewModel()
    ///   assertDeallocatedAfterTest(viewModel)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object that must be gone after the test.
    ///   - filePath: Where a failure is reported: the caller's file.
    ///   - line: The caller's line.
    public func assertDeallocatedAfterTest(
      _ object: AnyObject,
      filePath: StaticString = #filePath,
      line: UInt = #line
    ) {
      let typeName = String(describing: type(of: object))
      addTeardownBlock { [weak object] in
        guard object != nil else { return }
        XCTFail(
          Deallocation.survived(typeName, when: "the end of the test"), file: filePath, line: line)
      }
    }
  }

  enum Deallocation {
    static func survived(_ type: Any.Type, when: String) -> String {
      survived(String(describing: type), when: when)
    }

    static func survived(_ typeName: String, when: String) -> String {
      """
      \(typeName) was not deallocated at \(when): something still holds a strong \
      reference to it, such as a retain cycle or a task that captured it.
      """
    }
  }
#endif
