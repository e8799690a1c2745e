import Dependencies
import Foundation

/// swift-dependencies' cases, compiled into each benchmark build, so that
/// CurrentWorld is always compared with the peer built the same way, in
/// the same process.
public enum Peers {
  static let fixedDate = Date(timeIntervalSinceReferenceDate: 1)

  /// A read through a `Dependency` wrapper made once, as a view model's
  /// property holds it.
  public static let dependencyRead = Case(
    name: "swift-dependencies: @Dependency(\\.date) read, wrapper made once"
  ) { n in
    withDependencies {
      $0.date = .constant(fixedDate)
    } operation: {
      let dependency = Dependency(\.date)
      for _ in 0..<n { blackHole(dependency.wrappedValue.now) }
    }
  }

  /// Entering a scope with one override.
  public static let withDependenciesOneOverride = Case(
    name: "swift-dependencies: withDependencies, one override"
  ) { n in
    for index in 0..<n {
      withDependencies {
        $0.date = .constant(fixedDate)
      } operation: {
        blackHole(index)
      }
    }
  }
}
