#if DEBUG
  import CurrentWorld
  import Foundation
  import Observation

  /// Records every value that a property of an `@Observable` object takes,
  /// in order, including changes with no suspension between them.
  ///
  /// The successor of the seeds' Combine `AssertState`. Observation tells an
  /// observer *before* a new value is stored, so a recorder that read the
  /// property when told would see the old value, and one that waited would
  /// miss values set back to back. This one records, at each change, the
  /// value the previous change stored, and reads the last one when asked.
  /// It must run on the main actor, where `@MainActor` view models change.
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
    private let model: Model
    private let keyPath: KeyPath<Model, Value>
    private var recorded: [Value]
    private var hasChanged = false

    /// Starts recording `keyPath` of `model`, beginning with its value now.
    ///
    /// The recorder keeps `model` alive until the recorder itself is
    /// released.
    public init(_ model: Model, _ keyPath: KeyPath<Model, Value>) {
      self.model = model
      self.keyPath = keyPath
      self.recorded = [model[keyPath: keyPath]]
      observe()
    }

    /// Every value the property has had since recording began, oldest first,
    /// ending with its value now.
    public var values: [Value] {
      hasChanged ? recorded + [model[keyPath: keyPath]] : recorded
    }

    private func observe() {
      let modelName = String(describing: Model.self)
      withObservationTracking {
        _ = model[keyPath: keyPath]
      } onChange: { [weak self] in
        // Observation calls this from inside the setter, wherever the
        // property changes; only on the main actor may the recorder read it.
        guard MainQueue.isCurrent else {
          IssueReporter.report(
            "StateRecorder saw \(modelName) change off the main actor; it records main-actor changes only."
          )
          return
        }
        MainActor.assumeIsolated { self?.willChange() }
      }
    }

    /// Called before each new value is stored: the value now is the one the
    /// previous change stored.
    private func willChange() {
      if hasChanged {
        recorded.append(model[keyPath: keyPath])
      }
      hasChanged = true
      observe()
    }
  }

  /// Tells, without trapping, whether code runs on the main dispatch queue,
  /// which is the main actor's executor. (`Thread.isMainThread` is not: the
  /// test runner may drain the main queue on another thread.)
  enum MainQueue {
    private static let key: DispatchSpecificKey<Void> = {
      let key = DispatchSpecificKey<Void>()
      DispatchQueue.main.setSpecific(key: key, value: ())
      return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }
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
        \(Self.describe(keyPath)) took \(actual.count) values, expected \(expected.count):
          recorded: \(Self.describe(actual))
          expected: \(Self.describe(expected))
        """
      TestRunnerReporter.report(message, fileID, filePath, line, column)
    }

    private static func describe(_ values: [Value]) -> String {
      "[" + values.map { String(describing: $0) }.joined(separator: ", ") + "]"
    }

    /// `CatFactViewModel.state` where the key path can tell its property's
    /// name; otherwise, as for the computed properties that `@Observable`
    /// makes, `CatFactViewModel's recorded property`.
    private static func describe(_ keyPath: KeyPath<Model, Value>) -> String {
      let text = String(describing: keyPath)  // `\CatFactViewModel.state`, when known
      let name = text.split(separator: ".").last.map(String.init) ?? ""
      let isIdentifier =
        text.hasPrefix("\\") && !name.isEmpty
        && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      return isIdentifier ? "\(Model.self).\(name)" : "\(Model.self)'s recorded property"
    }
  }
#endif
