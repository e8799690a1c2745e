#if DEBUG
  import Foundation
  internal import CurrentWorldSupport

  // Which test runner runs the calling code, and where in the user's code
  // `Current` was called: what CurrentWorldTesting tells the core.
  extension TestWorlds {
    static let runnerQuery = Locked(
      RunnerQuery(identify: { .none }, test: { nil }, places: .none))

    /// Where in the user's code `Current` was read or written: the caller
    /// of `Current`, as the test library finds it in the call stack.
    package struct CodePlace: Sendable, Hashable {
      /// `Module/File.swift`.
      package var fileID: String
      package var filePath: String
      package var line: Int
      package var column: Int
      /// The function, as the symbol table names it.
      package var function: String

      package init(fileID: String, filePath: String, line: Int, column: Int, function: String) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        self.function = function
      }
    }

    /// The closures that tell which runner runs the calling code, and which
    /// Swift Testing test, kept in a struct: a bare closure in `Locked` is
    /// re-wrapped in a conversion thunk by every `inout` access, so each
    /// query would get slower and deeper until the stack overflows.
    struct RunnerQuery: Sendable {
      let identify: @Sendable () -> Runner
      let test: @Sendable () -> String?
      let places: PlaceFinder
    }

    /// How the test library finds where in the user's code `Current` was
    /// read or written: the caller of `Current`, from the call stack.
    package struct PlaceFinder: Sendable {
      /// The place, found on the calling thread.
      let now: @Sendable () -> CodePlace?
      /// Hands the place to its argument: at once where the place is
      /// already known, else from another thread once it is found, so that
      /// the calling thread is not held up meanwhile.
      let later: @Sendable (_ deliver: @escaping @Sendable (CodePlace?) -> Void) -> Void
      /// Calls its argument once every place asked for `later` so far has
      /// been delivered.
      let settled: @Sendable (_ then: @escaping @Sendable () -> Void) -> Void

      package init(
        now: @escaping @Sendable () -> CodePlace?,
        later: @escaping @Sendable (_ deliver: @escaping @Sendable (CodePlace?) -> Void) -> Void,
        settled: @escaping @Sendable (_ then: @escaping @Sendable () -> Void) -> Void
      ) {
        self.now = now
        self.later = later
        self.settled = settled
      }

      /// Finds no place.
      static let none = PlaceFinder(now: { nil }, later: { $0(nil) }, settled: { $0() })
    }

    /// Where in the user's code the caller of the library is, when the
    /// build can tell: the first frame below the package's own. The first
    /// ask from a place costs a symbolication.
    package static func callerPlace() -> CodePlace? {
      runnerQuery.withLock { $0 }.places.now()
    }

    /// Installs the closures that tell which runner runs the calling code,
    /// the name of the Swift Testing test that does, if any, and where in
    /// the user's code the caller of `Current` is, if the build says.
    package static func identifyRunner(
      with query: @escaping @Sendable () -> Runner,
      test: @escaping @Sendable () -> String?,
      places: PlaceFinder
    ) {
      let installed = RunnerQuery(identify: query, test: test, places: places)
      withExtendedLifetime(runnerQuery.exchange(installed)) {}
    }

    /// The name of the Swift Testing test that runs the calling code, if
    /// any, as the installed query says.
    package static func runningTestName() -> String? {
      runnerQuery.withLock { $0 }.test()
    }

    /// Which runner runs the calling code, as the installed query says.
    package static func runner() -> Runner {
      runnerQuery.withLock { $0 }.identify()
    }
  }
#endif
