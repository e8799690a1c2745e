#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport
  import Foundation
  #if compiler(>=6.3) && canImport(Runtime)
    import Runtime
  #endif

  /// Finds where in the user's code `Current` was read: the first frame of
  /// the call stack, below CurrentWorld's own, whose symbol the build can
  /// place in a file. CurrentWorld asks on each read or write that escaped
  /// a test world, to warn once per place.
  ///
  /// A stack is captured on every ask, which costs microseconds. It is
  /// symbolicated only the first time that stack is seen, and for at most
  /// ``symbolicatedStacks`` stacks a process: each costs about half a
  /// second on Linux, where the debug information is read again each time.
  /// Past that, and without Swift's `Runtime` module (below Swift 6.3, or
  /// before the OS versions that ship it), nothing is found, and the
  /// warning names the thread instead.
  enum CallerPlace {
    /// The most stacks symbolicated in a process; an escape is a bug to
    /// fix, so a run rarely shows more places than this.
    static let symbolicatedStacks = 8

    static func locate() -> TestWorlds.CodePlace? {
      #if compiler(>=6.3) && canImport(Runtime)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
          // The innermost 24 frames only (`top: 0`): by default the capture
          // keeps 16 of the outermost and only 7 innermost, which missed
          // the caller of a read in a test that Swift Testing runs deep in
          // its own stack.
          return StackPlaces.shared.place(ofCallerIn: try? Backtrace.capture(limit: 24, top: 0))
        }
      #endif
      return nil
    }

    /// The module that a mangled Swift symbol (`$s12CurrentWorld…`)
    /// belongs to, or `nil` for a symbol that is not Swift's.
    static func module(ofMangled name: String) -> Substring? {
      guard name.hasPrefix("$s") else { return nil }
      let afterPrefix = name.dropFirst(2)
      let digits = afterPrefix.prefix { $0.isASCII && $0.isNumber }
      guard let length = Int(digits), length > 0 else { return nil }
      let identifier = afterPrefix.dropFirst(digits.count).prefix(length)
      return identifier.count == length ? identifier : nil
    }

    /// The package's modules other than the core, whose frames are not the
    /// user's place either: an HTTP client or a server's middleware that
    /// read `Current` for the user's code.
    static let packageModules: Set<Substring> = [
      "CurrentWorldTesting", "CurrentWorldHTTP", "CurrentWorldServer", "CurrentWorldHummingbird",
      "CurrentWorldVapor", "CurrentWorldSupport",
    ]

    /// The place of the caller of `Current` among `frames`, innermost
    /// first: the first frame with a place that follows CurrentWorld's own
    /// frames and belongs to none of the package's modules. Frames before
    /// CurrentWorld's are the capture's own, this module's and the closure
    /// that installed it, which may sit in a test's module.
    static func caller<Frame>(
      in frames: some Sequence<Frame>,
      module: (Frame) -> Substring?,
      place: (Frame) -> TestWorlds.CodePlace?
    ) -> TestWorlds.CodePlace? {
      var afterCore = false
      for frame in frames {
        let module = module(frame)
        if module == "CurrentWorld" {
          afterCore = true
        } else if module.map(packageModules.contains) != true, afterCore,
          let place = place(frame), place.line > 0  // 0: code the compiler made
        {
          return place
        }
      }
      return nil
    }
  }

  #if compiler(>=6.3) && canImport(Runtime)
    /// The places found so far, by the stack they were found in.
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    final class StackPlaces: Sendable {
      static let shared = StackPlaces()

      private let places = Locked([[Backtrace.Address]: TestWorlds.CodePlace?]())

      func place(ofCallerIn backtrace: Backtrace?) -> TestWorlds.CodePlace? {
        guard let backtrace else { return nil }
        let stack = backtrace.frames.map(\.originalProgramCounter)
        let (known, full) = places.withLock {
          ($0[stack], $0.count >= CallerPlace.symbolicatedStacks)
        }
        if let known { return known }
        if full { return nil }
        // Outside the lock: it takes long, and other threads ask meanwhile.
        // Two threads on a new stack may both symbolicate it, once.
        let found = Self.caller(in: backtrace)
        places.withLock { $0[stack] = found }
        return found
      }

      /// The caller of `Current` in `backtrace` (see
      /// ``CallerPlace/caller(in:module:place:)``); thunks are skipped.
      private static func caller(in backtrace: Backtrace) -> TestWorlds.CodePlace? {
        guard let symbolicated = backtrace.symbolicated() else { return nil }
        let symbols = symbolicated.frames.filter { !$0.isSwiftThunk }.compactMap(\.symbol)
        return CallerPlace.caller(
          in: symbols, module: { CallerPlace.module(ofMangled: $0.rawName) },
          place: { symbol in
            // A macro's expansion (a read inside `#expect`) has a buffer
            // for a file, which nobody can open: its caller's line is the
            // place.
            guard let location = symbol.sourceLocation,
              !location.path.contains("@__swiftmacro_")
            else { return nil }
            let module = CallerPlace.module(ofMangled: symbol.rawName)
            let file = URL(fileURLWithPath: location.path).lastPathComponent
            return TestWorlds.CodePlace(
              fileID: "\(module ?? Substring(symbol.imageName))/\(file)",
              filePath: location.path, line: location.line, column: location.column,
              function: symbol.name)
          })
      }
    }
  #endif
#endif
