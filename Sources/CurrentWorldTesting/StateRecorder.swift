#if DEBUG
  import CurrentWorld
  import Foundation
  import Observation

  /// Records every value that a property of an `@Observable` object takes,
  /// in order, including changes with no suspension between them.
  ///
  /// The successor of the seeds' Combine `AssertState`. It follows changes
  /// made on the main actor, where `@MainActor` view models change; a change
  /// made elsewhere is reported as a test failure.
  ///
  /// ```swift
  /// @Test(.world) @MainActor func fetchShowsLoadingThenTheFact() async {
  ///   let fact = CatFact(fact: "Cats purr.", length: 10)
  ///   Current.catFactAPI.fetchFact = { fact }
  ///   let viewModel = CatFactViewModel()
  ///   let states = StateRecorder(viewModel, \.state)
  ///   await viewModel.fetch()
  ///   states.assertValues([.initial, .loading, .loaded(fact)])
  /// }
  /// ```
  @MainActor
  public final class StateRecorder<Model: AnyObject & Observable, Value> {
    private let recorded: RecordedValues<Value>
    private let transitions: PropertyTransitions<Model, Value>

    /// Starts recording `keyPath` of `model`, beginning with its value now.
    ///
    /// The recorder keeps `model` alive until the recorder itself is
    /// released.
    public init(_ model: Model, _ keyPath: KeyPath<Model, Value>) {
      let recorded = RecordedValues<Value>()
      self.recorded = recorded
      transitions = PropertyTransitions(model, keyPath) { recorded.values.append($0) }
    }

    /// Every value the property has had since recording began, oldest first,
    /// ending with its value now.
    public var values: [Value] {
      recorded.values + (transitions.pending.map { [$0] } ?? [])
    }
  }

  /// The values a ``StateRecorder`` was handed so far.
  @MainActor final class RecordedValues<Value> {
    var values: [Value] = []
  }

  extension StateRecorder where Value: Equatable {
    /// Fails the running test, under Swift Testing or XCTest, unless the
    /// recorded values are exactly `expected`, in order.
    ///
    /// - Parameters:
    ///   - expected: Every value the property should have taken, in order.
    ///   - fileID: Where a failure is reported: the caller's file.
    ///   - filePath: The full path of that file.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func assertValues(
      _ expected: [Value],
      fileID: StaticString = #fileID,
      filePath: StaticString = #filePath,
      line: UInt = #line,
      column: UInt = #column
    ) {
      let actual = values
      guard actual != expected else { return }
      let message = """
        \(transitions.property) took \(actual.count) values, expected \(expected.count):
          recorded: \(Self.describe(actual))
          expected: \(Self.describe(expected))
        """
      TestRunnerReporter.report(message, fileID, filePath, line, column)
    }

    private static func describe(_ values: [Value]) -> String {
      "[" + values.map { String(describing: $0) }.joined(separator: ", ") + "]"
    }
  }
#endif
