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
          return StackPlaces.shared.place(ofCallerIn: try? Backtrace.capture(limit: 24))
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

    /// The libraries whose frames stand between `Current` and its caller.
    static let libraryModules: Set<Substring> = ["CurrentWorld", "CurrentWorldTesting"]
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

      /// The first frame that follows the libraries' own frames and has a
      /// source location; frames before them are the capture's own.
      private static func caller(in backtrace: Backtrace) -> TestWorlds.CodePlace? {
        guard let symbolicated = backtrace.symbolicated() else { return nil }
        var inLibrary = false
        for frame in symbolicated.frames {
          guard let symbol = frame.symbol, !frame.isSwiftThunk else { continue }
          let module = CallerPlace.module(ofMangled: symbol.rawName)
          if let module, CallerPlace.libraryModules.contains(module) {
            inLibrary = true
            continue
          }
          guard inLibrary, let location = symbol.sourceLocation else { continue }
          let file = URL(fileURLWithPath: location.path).lastPathComponent
          return TestWorlds.CodePlace(
            fileID: "\(module ?? Substring(symbol.imageName))/\(file)",
            filePath: location.path, line: location.line, column: location.column,
            function: symbol.name)
        }
        return nil
      }
    }
  #endif
#endif
